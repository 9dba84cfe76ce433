import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { postgresDatabase } from './database.js';
import { serverAvailable, testDatabaseUrl } from './test-support/server.js';

const available = await serverAvailable();

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('ping of a PostgreSQL store', () => {
  it.runIf(available)('resolves while the server answers, and rejects once the database is closed', async () => {
    const database = postgresDatabase({ connectionString: testDatabaseUrl });
    const store = database.store();
    await expect(store.ping?.()).resolves.toBeUndefined();
    await database.close();
    await expect(store.ping?.()).rejects.toThrow(/closed/);
  });

  it('rejects when no server listens at the address', async () => {
    const database = postgresDatabase({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/test` });
    await expect(database.store().ping?.()).rejects.toThrow();
    await database.close();
  });
});
