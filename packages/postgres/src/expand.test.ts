import { afterAll, describe } from 'vitest';
// The expansion cases every SQL store passes, from the SQL skeleton's sources (a test file, not part of its package).
import { expandCases } from '@corral/sql/testing';
import { postgresDatabase } from './database.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(schemas);
});

describe.runIf(available)('PostgreSQL', () => {
  expandCases('postgres', async () => {
    const schema = freshSchemaName('expand');
    schemas.push(schema);
    const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    // Every statement the stores send passes through query(): note its text.
    const statements: string[] = [];
    const query = database.query.bind(database);
    database.query = (on, text, values, planEachTime) => {
      statements.push(text);
      return query(on, text, values, planEachTime);
    };
    return {
      store: () => database.store(),
      statementLog: statements,
      tableName: (table) => `"${schema}"."${table}"`,
      close: () => database.close(),
    };
  });
});
