import { afterAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from './database.js';
import { postgresIdempotency } from './idempotency.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(schemas);
});

function freshDatabase() {
  const schema = freshSchemaName('idem');
  schemas.push(schema);
  return { schema, database: postgresDatabase({ connectionString: testDatabaseUrl, schema }) };
}

describe.runIf(available)('PostgreSQL', () => {
  it('gives a key to one of 20 concurrent claims made by two processes, and both see its answer', async () => {
    const { schema, database } = freshDatabase();
    const other = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    const stores = [postgresIdempotency(database), postgresIdempotency(other)];
    const claim = { scope: 's', key: 'k', fingerprint: 'f', now: 1000, windowMs: 60_000, leaseMs: 60_000 };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => stores[i % 2]!.claim({ ...claim, token: `t${i}` })),
    );
    expect(outcomes.filter((o) => o.state === 'claimed')).toHaveLength(1);
    const winner = outcomes.findIndex((o) => o.state === 'claimed');
    expect(
      await stores[winner % 2]!.complete(
        { scope: 's', key: 'k', token: `t${winner}` },
        { status: 201, headers: {}, body: '{}' },
      ),
    ).toBe(true);
    for (const store of stores)
      expect(await store.claim({ ...claim, token: 'late', now: 2000 })).toMatchObject({
        state: 'completed',
        answer: { status: 201 },
      });
    await database.close();
    await other.close();
  });
});
