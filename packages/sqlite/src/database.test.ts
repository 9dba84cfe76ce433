import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreInit } from '@corral/core';
import { sqliteDatabase } from './database.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

type Bird = { name: string; kind: string };
const birds: StoreInit = {
  collection: 'birds',
  fields: { name: 'string', kind: 'enum' },
  filterable: ['kind'],
  sortable: ['name'],
  searchable: ['name'],
  required: ['name', 'kind'],
  nullable: [],
  enums: {},
};

describe('a SQLite database file', () => {
  it('keeps records, versions, tombstones and the revision across a close and a reopen', async () => {
    const path = join(folder, 'restart.sqlite');
    const first = sqliteDatabase({ path });
    const store = first.store<Bird>();
    await store.init?.(birds);
    const kept = await store.create({ name: 'Kea', kind: 'parrot' });
    const changed = await store.replace(kept.id, { name: 'Kea II', kind: 'parrot' });
    const gone = await store.create({ name: 'Moa', kind: 'ratite' });
    await store.delete(gone.id);
    const revision = await store.revision();
    await first.close();

    const second = sqliteDatabase({ path });
    const again = second.store<Bird>();
    await again.init?.(birds);
    expect(await again.get(kept.id)).toEqual({
      status: 'found',
      record: changed.status === 'ok' ? changed.record : undefined,
    });
    expect(await again.get(gone.id)).toEqual({ status: 'gone' });
    expect(await again.revision()).toBe(revision);
    expect((await again.create({ name: 'Tui', kind: 'honeyeater' })).id).not.toBe(gone.id);
    await second.close();
  });

  it('keeps list pages, empty ones too, within the bounds of pageCache (issue 32)', async () => {
    const database = sqliteDatabase({
      path: join(folder, 'pages.sqlite'),
      pageCache: { maxEntries: 50, maxBytes: 1 << 20 },
    });
    const store = database.store<Bird>();
    await store.init?.(birds);
    await store.create({ name: 'Kea', kind: 'parrot' });
    for (let offset = 1; offset <= 1_000; offset++) await store.list({ offset, limit: 10 });
    expect(database.pages.size).toBe(50);
    expect(database.pages.bytes).toBeLessThanOrEqual(1 << 20);
    // A page kept is served again until a write moves the revision.
    const first = await store.list({ offset: 0, limit: 10 });
    expect((await store.list({ offset: 0, limit: 10 })).items[0]).toBe(first.items[0]);
    await database.close();
  });

  it('refuses cache bounds that are not whole numbers of 0 or more, naming the option', () => {
    const path = join(folder, 'bounds.sqlite');
    expect(() => sqliteDatabase({ path, pageCache: { maxBytes: -1 } })).toThrow(
      expect.objectContaining({
        code: 'CORRAL_INVALID_CACHE_BOUNDS',
        message: expect.stringContaining('pageCache.maxBytes'),
      }),
    );
    expect(() => sqliteDatabase({ path, statementCache: { maxEntries: 0.5 } })).toThrow(/statementCache\.maxEntries/);
  });

  it('seeds a table that never held a record, and only such a table', async () => {
    const path = join(folder, 'seed.sqlite');
    const seed = [
      { name: 'Kea', kind: 'parrot' },
      { name: 'Kaka', kind: 'parrot' },
    ];
    const first = sqliteDatabase({ path });
    const store = first.store<Bird>({ seed });
    await store.init?.(birds);
    expect((await store.list({ offset: 0, limit: 10 })).total).toBe(2);
    await store.deleteAll();
    await first.close();
    const second = sqliteDatabase({ path });
    const again = second.store<Bird>({ seed });
    await again.init?.(birds);
    // Emptied by a client, not new: the demo data does not come back.
    expect((await again.list({ offset: 0, limit: 10 })).total).toBe(0);
    await second.close();
  });

  it('counts from the statistics of ANALYZE first, exactly only under the threshold, and a short page exactly', async () => {
    const database = sqliteDatabase({ path: ':memory:' });
    const store = database.store<Bird>();
    await store.init?.(birds);
    database.connection.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
      INSERT INTO birds (name, kind) SELECT 'b' || i, CASE WHEN i <= 390 THEN 'common' ELSE 'k' || i END FROM n`);
    // Without statistics nothing estimates: the matches are counted.
    const counted = await store.list({ filter: { kind: 'common' }, offset: 0, limit: 5, count: { estimateAbove: 50 } });
    expect(counted).toMatchObject({ total: 390 });
    expect(counted.totalEstimated).toBeUndefined();
    database.connection.exec('ANALYZE');
    // With them, the average rows per value of the filter's index (SQLite keeps no per-value counts here).
    const estimated = await store.list({
      filter: { kind: 'common' },
      offset: 0,
      limit: 5,
      count: { estimateAbove: 10 },
    });
    expect(estimated.totalEstimated).toBe(true);
    expect(estimated.total).toBeGreaterThan(10);
    const exact = await store.list({ filter: { kind: 'common' }, offset: 0, limit: 5, count: { estimateAbove: 1000 } });
    expect(exact).toMatchObject({ total: 390 });
    expect(exact.totalEstimated).toBeUndefined();
    const last = await store.list({ filter: { kind: 'common' }, offset: 388, limit: 5, count: { estimateAbove: 10 } });
    expect(last).toMatchObject({ total: 390 });
    expect(last.totalEstimated).toBeUndefined();
    expect((await store.list({ offset: 0, limit: 1, count: { estimateAbove: 10 } })).total).toBe(400);
    await database.close();
  });

  it('reads a filtered, sorted page along the filter-sort index', async () => {
    const database = sqliteDatabase({ path: ':memory:' });
    await database.store<Bird>().init?.(birds);
    const plan = database.connection
      .prepare(`EXPLAIN QUERY PLAN SELECT id FROM "birds" WHERE "kind" = ?1 ORDER BY "name" ASC, "id" ASC LIMIT 10`)
      .all('parrot');
    const detail = plan.map((row) => String(row.detail)).join('\n');
    expect(detail).toMatch(/USING (COVERING )?INDEX birds_by_kind_name/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
    await database.close();
  });

  it('refuses table and field names that are not plain words, at init', async () => {
    const database = sqliteDatabase({ path: ':memory:' });
    await expect(database.store<Bird>().init?.({ ...birds, collection: 'bad"name' })).rejects.toMatchObject({
      code: 'CORRAL_INVALID_TABLE_NAME',
    });
    await expect(
      database
        .store<Bird>()
        .init?.({ ...birds, collection: 'ok', fields: { ...birds.fields, "kind') OR 1=1 --": 'string' } }),
    ).rejects.toMatchObject({ code: 'CORRAL_INVALID_FIELD_NAME' });
    await database.close();
  });

  it('enforces foreign keys on its connection', async () => {
    const database = sqliteDatabase({ path: ':memory:' });
    expect(database.connection.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    await database.close();
  });
});
