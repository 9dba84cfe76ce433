import { thingsInit, type Thing } from '@corral/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from './database.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schema = freshSchemaName('shardhint');
afterAll(() => dropSchemas([schema]));

describe.runIf(available)('the shard a new connection is given', () => {
  it('is set before the connection is handed out: no query runs beside it (pg 9 refuses that)', async () => {
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.message);
    process.on('warning', warned);
    const database = postgresDatabase({ connectionString: testDatabaseUrl, schema, poolSize: 10 });
    try {
      const things = database.store<Thing>();
      await things.init?.(thingsInit);
      await Promise.all(Array.from({ length: 20 }, (_, n) => things.create({ name: `T${n}`, legs: n, kind: 'cat' })));
      const shards = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const client = await database.pool.connect();
          try {
            return (await client.query(`SELECT current_setting('corral.shard', true) AS shard`)).rows[0].shard;
          } finally {
            client.release();
          }
        }),
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
      expect(shards.every((shard) => /^\d+$/.test(shard))).toBe(true);
    } finally {
      process.off('warning', warned);
      await database.close();
    }
  });
});
