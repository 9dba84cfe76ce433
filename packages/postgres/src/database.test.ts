import { afterAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import type { StoreInit } from '@corral/core';
import { postgresDatabase } from './database.js';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schema = freshSchemaName('db');
afterAll(async () => {
  if (available) await dropSchema(schema);
});

type Bird = { name: string; kind: string; weight?: number };
const birds = (collection: string): StoreInit => ({
  collection,
  fields: { name: 'string', kind: 'enum', weight: 'number' },
  filterable: ['kind'],
  sortable: ['name', 'weight'],
  searchable: ['name'],
  required: ['name', 'kind'],
  nullable: [],
  enums: {},
});
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
    expect(await again.get(kept.id)).toEqual({
      status: 'found',
      record: changed.status === 'ok' ? changed.record : undefined,
    });
    expect(await again.get(gone.id)).toEqual({ status: 'gone' });
    expect(await again.revision()).toBe(revision);
    expect(BigInt((await again.create({ name: 'Tui', kind: 'honeyeater' })).id)).toBeGreaterThan(BigInt(gone.id));
    await second.close();
  });

  it('seeds a new table once, even when two processes start at the same moment', async () => {
    const seed = [
      { name: 'Kea', kind: 'parrot' },
      { name: 'Kaka', kind: 'parrot' },
    ];
    const [a, b] = [open(), open()];
    const [sa, sb] = [a.store<Bird>({ seed }), b.store<Bird>({ seed })];
    await Promise.all([sa.init?.(birds('seeded')), sb.init?.(birds('seeded'))]);
    expect(await sa.count({})).toBe(2);
    await sa.deleteAll();
    await Promise.all([a.close(), b.close()]);
    // Emptied by a client, not new: the demo data does not come back.
    const c = open();
    const sc = c.store<Bird>({ seed });
    await sc.init?.(birds('seeded'));
    expect(await sc.count({})).toBe(0);
    await c.close();
  });

  it('gives exactly one winner among conditional writes from two processes (two pools) at once', async () => {
    const [a, b] = [open(), open()];
    const [sa, sb] = [a.store<Bird>(), b.store<Bird>()];
    await sa.init?.(birds('race'));
    await sb.init?.(birds('race'));
    for (let round = 0; round < 5; round++) {
      const record = await sa.create({ name: 'x', kind: 'k', weight: 0 });
      const writes = Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? sa : sb).replace(record.id, { name: 'x', kind: 'k', weight: i }, record.version),
      );
      const results = await Promise.all(writes);
      expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
    }
    await Promise.all([a.close(), b.close()]);
  });

  it('counts the way PostgREST counts estimated: the planner first, an exact count only under the threshold, a short page exactly', async () => {
    const database = open();
    const store = database.store<Bird>();
    await store.init?.(birds('estimated'));
    await database.pool.query(
      `INSERT INTO "${schema}"."estimated" (name, kind) SELECT 'b' || i, CASE WHEN i <= 2000 THEN 'common' ELSE 'rare' END FROM generate_series(1, 2005) AS i`,
    );
    await database.pool.query(`ANALYZE "${schema}"."estimated"`);
    const many = await store.list({ filter: { kind: 'common' }, offset: 0, limit: 5, count: { estimateAbove: 100 } });
    expect(many.totalEstimated).toBe(true);
    expect(many.total).toBeGreaterThan(1500);
    expect(many.items).toHaveLength(5);
    const few = await store.list({ filter: { kind: 'rare' }, offset: 0, limit: 2, count: { estimateAbove: 100 } });
    expect(few).toMatchObject({ total: 5 });
    expect(few.totalEstimated).toBeUndefined();
    // The last page of a long list ends it: its total is exact without a count.
    const last = await store.list({
      filter: { kind: 'common' },
      offset: 1995,
      limit: 10,
      count: { estimateAbove: 100 },
    });
    expect(last).toMatchObject({ total: 2000 });
    expect(last.totalEstimated).toBeUndefined();
    // Without a policy, totals are exact; the unfiltered total is the count the triggers keep.
    expect((await store.list({ filter: { kind: 'common' }, offset: 0, limit: 1 })).total).toBe(2000);
    expect((await store.list({ offset: 0, limit: 1 })).total).toBe(2005);
    await database.close();
  });

  it('writes the LIMIT of a first page into its statement (planned once, not every run), for a bounded number of page sizes', async () => {
    const database = open();
    const store = database.store<Bird>();
    await store.init?.(birds('limits'));
    await database.pool.query(
      `INSERT INTO "${schema}"."limits" (name, kind) SELECT 'b' || i, 'k' FROM generate_series(1, 30) AS i`,
    );
    // Statements run on a connection checked out of the pool (so that a cut one can be told apart).
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    const pageTexts = () =>
      statements.mock.calls
        .map(([config]) => (config as unknown as { text: string }).text)
        .filter((text) => / ORDER BY /.test(text));
    for (let limit = 1; limit <= 10; limit++)
      expect((await store.list({ offset: 0, limit })).items).toHaveLength(limit);
    expect((await store.list({ offset: 5, limit: 3 })).items.map((record) => record.data.name)).toEqual([
      'b6',
      'b7',
      'b8',
    ]);
    const texts = pageTexts();
    expect(texts.slice(0, 8).every((text) => /LIMIT \d+$/.test(text))).toBe(true);
    // Past eight sizes, and on later pages, the limit and offset stay parameters.
    expect(texts.slice(8).every((text) => /LIMIT \$\d+ OFFSET \$\d+$/.test(text))).toBe(true);
    expect(texts).toHaveLength(11);
    statements.mockRestore();
    await database.close();
  });

  it('plans a filtered, sorted page on the filter-sort index, and a search on the trigram index', async () => {
    const database = open();
    const store = database.store<Bird>();
    await store.init?.(birds('planned'));
    await database.pool.query(
      `INSERT INTO "${schema}"."planned" (name, kind) SELECT 'n' || i, 'k' || (i % 50) FROM generate_series(1, 20000) AS i`,
    );
    // As after any bulk load: the trigram index's pending entries are merged, and statistics are fresh.
    await database.pool.query(`VACUUM ANALYZE "${schema}"."planned"`);
    const client = await database.pool.connect();
    try {
      const plan = async (sql: string) =>
        (await client.query(`EXPLAIN ${sql}`)).rows.map((row) => String(row['QUERY PLAN'])).join('\n');
      expect(
        await plan(
          `SELECT id FROM "${schema}"."planned" WHERE kind = 'k1' ORDER BY (name COLLATE "C") ASC, id ASC LIMIT 10`,
        ),
      ).toMatch(/Index (Only )?Scan using planned_by_kind_name/);
      expect(await plan(`SELECT id FROM "${schema}"."planned" WHERE lower(name) LIKE '%n1234%'`)).toMatch(
        /planned_by_search_name/,
      );
    } finally {
      client.release(true);
    }
    await database.close();
  });

  it('refuses table and field names that are not plain words, at init', async () => {
    const database = open();
    await expect(
      database
        .store<Bird>()
        .init?.({ ...birds('ok'), fields: { ...birds('ok').fields, "kind') OR 1=1 --": 'string' } }),
    ).rejects.toMatchObject({ code: 'CORRAL_INVALID_FIELD_NAME' });
    await expect(database.store<Bird>().init?.(birds('bad"name'))).rejects.toMatchObject({
      code: 'CORRAL_INVALID_TABLE_NAME',
    });
    await expect(database.store<Bird>({ table: 'x"; DROP TABLE y; --' }).init?.(birds('ok2'))).rejects.toMatchObject({
      code: 'CORRAL_INVALID_TABLE_NAME',
    });
    await database.close();
  });
});
