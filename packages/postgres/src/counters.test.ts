import { thingsInit, type Thing } from '@corral/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from './database.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(schemas);
});

async function start(schema: string) {
  const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
  const things = database.store<Thing>();
  await things.init?.(thingsInit);
  return { database, things };
}

describe.runIf(available)('PostgreSQL counters', () => {
  it('add up the writes of many connections at once', async () => {
    const schema = freshSchemaName('counters');
    schemas.push(schema);
    const { database, things } = await start(schema);
    const before = await things.revision();
    await Promise.all(Array.from({ length: 30 }, (_, n) => things.create({ name: `T${n}`, legs: n, kind: 'cat' })));
    expect([(await things.revision()) - before, await things.count({})]).toEqual([30, 30]);
    const stale = await things.deleteAll(before);
    expect(stale).toEqual({ status: 'stale', revision: before + 30 });
    expect(await things.deleteAll(before + 30)).toEqual({ status: 'ok', count: 30 });
    expect([await things.revision(), await things.count({})]).toEqual([before + 31, 0]);
    await database.close();
  });
});
