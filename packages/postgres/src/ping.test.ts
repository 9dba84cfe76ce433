import { describe, expect, it } from 'vitest';
import { postgresDatabase } from './database.js';
import { serverAvailable, testDatabaseUrl, unreachableDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();

describe('ping of a PostgreSQL store', () => {
  it.runIf(available)('resolves while the server answers, and rejects once the database is closed', async () => {
    const database = postgresDatabase({ connectionString: testDatabaseUrl });
    const store = database.store();
    await expect(store.ping?.()).resolves.toBeUndefined();
    await database.close();
    await expect(store.ping?.()).rejects.toThrow(/closed/);
  });

  it('rejects when no server listens at the address', async () => {
    const database = postgresDatabase({ connectionString: await unreachableDatabaseUrl() });
    await expect(database.store().ping?.()).rejects.toThrow();
    await database.close();
  });
});
