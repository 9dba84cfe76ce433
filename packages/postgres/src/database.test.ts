import { afterAll, describe, expect, it } from 'vitest';
import type { StoreInit } from '@corral/core';
import { postgresDatabase } from './database.js';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from './test-support/server.js';

const available = await serverAvailable();
const schema = freshSchemaName('db');
afterAll(async () => {
  if (available) await dropSchema(schema);
});

type Bird = { name: string; kind: string; weight?: number };
const birds = (collection: string): StoreInit => ({ collection, fields: { name: 'string', kind: 'enum', weight: 'number' }, filterable: ['kind'], sortable: ['name', 'weight'], searchable: ['name'] });
const open = () => postgresDatabase({ connectionString: testDatabaseUrl, schema });

describe.runIf(available)('a PostgreSQL database', () => {
  it('keeps records, versions, tombstones and the revision for the next process', async () => {
    const first = open();
    const store = first.store<Bird>();
    await store.init?.(birds('restart'));
    const kept = await store.create({ name: 'Kea', kind: 'parrot' });
    const changed = await store.replace(kept.id, { name: 'Kea II', kind: 'parrot' });
    const gone = await store.create({ name: 'Moa', kind: 'ratite' });
    await store.delete(gone.id);
    const revision = await store.revision();
    await first.close();
    const second = open();
    const again = second.store<Bird>();
    await again.init?.(birds('restart'));
    expect(await again.get(kept.id)).toEqual({ status: 'found', record: changed.status === 'ok' ? changed.record : undefined });
    expect(await again.get(gone.id)).toEqual({ status: 'gone' });
    expect(await again.revision()).toBe(revision);
    await second.close();
  });

  it('seeds a new table once, even when two processes start at the same moment', async () => {
    const seed = [{ name: 'Kea', kind: 'parrot' }, { name: 'Kaka', kind: 'parrot' }];
    const [a, b] = [open(), open()];
    const [sa, sb] = [a.store<Bird>({ seed }), b.store<Bird>({ seed })];
    await Promise.all([sa.init?.(birds('seeded')), sb.init?.(birds('seeded'))]);
    expect(await sa.count({})).toBe(2);
    await Promise.all([a.close(), b.close()]);
  });

  it('gives exactly one winner among conditional writes from two processes (two pools) at once', async () => {
    const [a, b] = [open(), open()];
    const [sa, sb] = [a.store<Bird>(), b.store<Bird>()];
    await sa.init?.(birds('race'));
    await sb.init?.(birds('race'));
    for (let round = 0; round < 5; round++) {
      const record = await sa.create({ name: 'x', kind: 'k', weight: 0 });
      const writes = Array.from({ length: 20 }, (_, i) => (i % 2 ? sa : sb).replace(record.id, { name: 'x', kind: 'k', weight: i }, record.version));
      const results = await Promise.all(writes);
      expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
    }
    await Promise.all([a.close(), b.close()]);
  });

  it('answers an estimated total above the threshold, and an exact one below it', async () => {
    const database = open();
    const store = database.store<Bird>();
    await store.init?.(birds('estimated'));
    for (let i = 0; i < 30; i++) await store.create({ name: `b${i}`, kind: i < 25 ? 'common' : 'rare' });
    await database.pool.query(`ANALYZE "${schema}"."estimated"`);
    const many = await store.list({ filter: { kind: 'common' }, offset: 0, limit: 5, count: { estimateAbove: 10 } });
    expect(many.totalEstimated).toBe(true);
    expect(many.total).toBeGreaterThan(10);
    expect(many.items).toHaveLength(5);
    const few = await store.list({ filter: { kind: 'rare' }, offset: 0, limit: 5, count: { estimateAbove: 10 } });
    expect(few).toMatchObject({ total: 5 });
    expect(few.totalEstimated).toBeUndefined();
    await database.close();
  });

  it('plans a filtered, sorted page on the filter-sort index', async () => {
    const database = open();
    const store = database.store<Bird>();
    await store.init?.(birds('planned'));
    await database.pool.query(`INSERT INTO "${schema}"."planned" (version, data) SELECT 1, jsonb_build_object('kind', 'k' || (i % 50), 'name', 'n' || i) FROM generate_series(1, 20000) AS i`);
    await database.pool.query(`ANALYZE "${schema}"."planned"`);
    const client = await database.pool.connect();
    try {
      const plan = await client.query(`EXPLAIN SELECT seq FROM "${schema}"."planned" WHERE NOT deleted AND ((data->>'kind') COLLATE "C") = 'k1' ORDER BY ((data->>'name') COLLATE "C") ASC NULLS LAST, seq ASC LIMIT 10`);
      expect(plan.rows.map((row) => String(row['QUERY PLAN'])).join('\n')).toMatch(/Index Scan using planned_/);
    } finally {
      client.release();
    }
    await database.close();
  });

  it('refuses table and field names that are not plain words, at init', async () => {
    const database = open();
    await expect(database.store<Bird>().init?.({ ...birds('ok'), filterable: ["kind') OR 1=1 --"] })).rejects.toThrow(/cannot be filtered/);
    await expect(database.store<Bird>().init?.(birds('bad"name'))).rejects.toThrow(/cannot name/);
    await database.close();
  });
});
