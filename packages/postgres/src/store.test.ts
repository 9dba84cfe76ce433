import { afterAll, describe } from 'vitest';
// The suite every store passes, from core's sources (it is a test file, not part of core's package).
import { storeCases, type Part, type Thing } from '../../core/src/store/store.case.test.js';
import { postgresDatabase } from './database.js';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from './test-support/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  for (const schema of schemas) await dropSchema(schema);
});

describe.runIf(available)('PostgreSQL', () => {
  storeCases('postgres store', async () => {
    const schema = freshSchemaName('store');
    schemas.push(schema);
    const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    return { things: database.store<Thing>(), parts: database.store<Part>(), close: () => database.close() };
  });
});
