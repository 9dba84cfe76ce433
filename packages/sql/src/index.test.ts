import { expect, it } from 'vitest';

// The package's public surface: a name added or removed here is a change users (dialect authors) see.
it('exposes exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "columnValue",
      "containing",
      "countMatches",
      "countWhere",
      "definitionOf",
      "derivedName",
      "describeChange",
      "diffTable",
      "existingTableProblems",
      "fieldValue",
      "indexMark",
      "indexPlan",
      "isPlainName",
      "keyOfId",
      "keysOfIds",
      "legacyRefused",
      "listPage",
      "lookupOf",
      "lookups",
      "managedVersionColumn",
      "maxIdentifierLength",
      "orderOf",
      "pageWindow",
      "planReplaceMany",
      "projectedMap",
      "quoted",
      "recordData",
      "rowValues",
      "schemaChangeRefused",
      "selectedColumns",
      "settledTotal",
      "snakeCase",
      "tableMapOf",
      "tableMismatch",
      "unwritten",
      "violationError",
      "whereOf",
      "withActualStorage",
    ]
  `);
});
