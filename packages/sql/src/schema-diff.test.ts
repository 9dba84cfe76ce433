import { describe, expect, it } from 'vitest';
import { definitionOf, describeChange, diffTable, type ActualColumn, type TableFacts } from './schema-diff.js';
import { tableMapOf } from './table-map.js';
import { animalsInit } from './testing/animals.js';

const map = tableMapOf(animalsInit, {});
const types = {
  text: 'TEXT',
  uuid: 'TEXT',
  integer: 'INTEGER',
  real: 'REAL',
  boolean: 'INTEGER',
  json: 'TEXT',
} as const;
/** The table as the store made it for `animalsInit`. */
const made: ActualColumn[] = [
  { name: 'id', storage: 'integer', notNull: true, type: 'INTEGER' },
  { name: 'version', storage: 'integer', notNull: true, type: 'INTEGER' },
  ...map.columns.map((c) => ({ name: c.column, storage: c.storage, notNull: c.required, type: types[c.storage] })),
];
const stored = map.columns.map(definitionOf);
const facts = (rows: number, nulls = 0, outside = 0, unfit = 0, orphans = 0, outOfLimits = 0): TableFacts => ({
  rows: async () => rows,
  nulls: async () => nulls,
  outside: async () => outside,
  unfit: async () => unfit,
  orphans: async () => orphans,
  outOfLimits: async () => outOfLimits,
});
const diff = (
  init = animalsInit,
  actual = made,
  rows = 3,
  nulls = 0,
  outside = 0,
  unfit = 0,
  orphans = 0,
  parent?: { table: string; id: { column: string; storage: 'integer' } },
) =>
  diffTable(tableMapOf(init, {}, parent), actual, stored, facts(rows, nulls, outside, unfit, orphans), (s) => types[s]);

describe('differences between the declarations and a table the store made', () => {
  it('finds none when nothing changed (booleans and JSON compared by the type the store gives them)', async () => {
    expect(await diff()).toEqual({ safe: [], refused: [] });
  });

  it('adds an optional field, and refuses a required one that stored rows lack', async () => {
    const withOptional = { ...animalsInit, fields: { ...animalsInit.fields, colour: 'string' as const } };
    expect((await diff(withOptional)).safe.map((c) => c.kind)).toEqual(['add']);
    const withRequired = { ...withOptional, required: [...animalsInit.required, 'colour'] };
    const { refused } = await diff(withRequired);
    expect(refused.map((r) => [r.change.kind, r.reason])).toEqual([
      ['add', 'it is required and the table holds 3 row(s) without it'],
    ]);
    expect((await diff(withRequired, made, 0)).safe.map((c) => c.kind)).toEqual(['add']);
  });

  it('refuses a type change or a removed field while rows hold values, and makes them on an empty table', async () => {
    const retyped = { ...animalsInit, fields: { ...animalsInit.fields, yearOfBirth: 'string' as const } };
    const { refused } = await diff(retyped);
    expect(refused).toHaveLength(1);
    expect(describeChange(map, refused[0]!.change)).toBe(
      'field "yearOfBirth" (column zoo_animals.year_of_birth) changed from INTEGER to TEXT',
    );
    const { tags: _, ...fields } = animalsInit.fields;
    expect((await diff({ ...animalsInit, fields })).refused.map((r) => r.change)).toEqual([
      { kind: 'drop', name: 'tags' },
    ]);
    expect(
      (await diff({ ...retyped, fields: { ...fields, yearOfBirth: 'string' } }, made, 0)).safe
        .map((c) => c.kind)
        .sort(),
    ).toEqual(['drop', 'retype']);
  });

  it('makes a field required when no row lacks it, and loosens rules at once', async () => {
    const required = { ...animalsInit, required: [...animalsInit.required, 'yearOfBirth'] };
    expect((await diff(required, made, 3, 0)).safe.map((c) => c.kind)).toEqual(['require']);
    expect((await diff(required, made, 3, 2)).refused.map((r) => r.reason)).toEqual([
      'it is now required and 2 row(s) have no value',
    ]);
    expect((await diff({ ...animalsInit, required: ['name', 'zooId'] })).safe.map((c) => c.kind)).toEqual(['relax']);
  });

  it('widens enum values at once, and narrows them only when no row holds a value that goes', async () => {
    const widened = { ...animalsInit, enums: { kind: ['bird', 'fish', 'reptile'] } };
    expect((await diff(widened)).safe.map((c) => c.kind)).toEqual(['values']);
    const narrowed = { ...animalsInit, enums: { kind: ['bird'] } };
    expect((await diff(narrowed, made, 3, 0, 2)).refused.map((r) => r.reason)).toEqual([
      '2 row(s) hold a value it no longer accepts (fish)',
    ]);
    expect((await diff(narrowed, made, 3, 0, 0)).safe.map((c) => c.kind)).toEqual(['values']);
  });

  it('sees a change of what a column holds where one type covers both (SQLite: booleans and integers), and checks the rows', async () => {
    const toBoolean = { ...animalsInit, fields: { ...animalsInit.fields, yearOfBirth: 'boolean' as const } };
    const { refused } = await diff(toBoolean, made, 3, 0, 0, 2);
    expect(refused.map((r) => [r.change.kind, r.reason])).toEqual([
      ['retype', '2 row(s) hold a value that is not boolean'],
    ]);
    expect((await diff(toBoolean, made, 3, 0, 0, 0)).safe.map((c) => c.kind)).toEqual(['retype']);
  });

  it('adds or tightens limits only when no row is outside them, and drops them at once', async () => {
    const limited = { ...animalsInit, limits: { yearOfBirth: { minimum: 1900 } } };
    const run = (init: typeof animalsInit, before = stored, outOfLimits = 0) =>
      diffTable(tableMapOf(init, {}), made, before, facts(3, 0, 0, 0, 0, outOfLimits), (s) => types[s]);
    expect((await run(limited)).safe.map((c) => c.kind)).toEqual(['limits']);
    const { refused } = await run(limited, stored, 2);
    expect(refused.map((r) => [r.change.kind, r.reason])).toEqual([['limits', '2 row(s) hold a value outside them']]);
    const withLimits = tableMapOf(limited, {}).columns.map(definitionOf);
    expect(await run(limited, withLimits)).toEqual({ safe: [], refused: [] });
    expect((await run(animalsInit, withLimits, 2)).safe.map((c) => c.kind)).toEqual(['limits']);
  });

  it('adds a foreign key only when every row names an existing parent', async () => {
    const withParent = {
      ...animalsInit,
      parent: { field: 'zooId', collection: 'zoos', store: {} as never, onDelete: 'restrict' as const },
    };
    const parent = { table: 'zoos', id: { column: 'id', storage: 'integer' as const } };
    const typed = made.map((c) => (c.name === 'zoo_id' ? { ...c, storage: 'integer' as const, type: 'INTEGER' } : c));
    const storedAsInteger = stored.map((d) => (d.column === 'zoo_id' ? { ...d, storage: 'integer' as const } : d));
    const check = (orphans: number) =>
      diffTable(
        tableMapOf(withParent, {}, parent),
        typed,
        storedAsInteger,
        facts(3, 0, 0, 0, orphans),
        (s) => types[s],
      );
    expect((await check(1)).refused.map((r) => r.reason)).toEqual(['1 row(s) name a record zoos does not have']);
    expect((await check(0)).safe.map((c) => c.kind)).toEqual(['reference']);
  });
});
