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
const birds: StoreInit = { collection: 'birds', fields: { name: 'string', kind: 'enum' }, filterable: ['kind'], sortable: ['name'], searchable: ['name'] };

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
    expect(await again.get(kept.id)).toEqual({ status: 'found', record: changed.status === 'ok' ? changed.record : undefined });
    expect(await again.get(gone.id)).toEqual({ status: 'gone' });
    expect(await again.revision()).toBe(revision);
    expect((await again.create({ name: 'Tui', kind: 'honeyeater' })).id).not.toBe(gone.id);
    await second.close();
  });

  it('seeds a table that never held a record, and only such a table', async () => {
    const path = join(folder, 'seed.sqlite');
    const seed = [{ name: 'Kea', kind: 'parrot' }, { name: 'Kaka', kind: 'parrot' }];
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

  it('searches a field declared searchable later, by filling its column from the stored records', async () => {
    const path = join(folder, 'evolve.sqlite');
    const first = sqliteDatabase({ path });
    const store = first.store<Bird>();
    await store.init?.({ ...birds, searchable: [] });
    await store.create({ name: 'Kea', kind: 'Parrot' });
    await first.close();
    const second = sqliteDatabase({ path });
    const again = second.store<Bird>();
    await again.init?.({ ...birds, searchable: ['name', 'kind'] });
    expect((await again.list({ search: { text: 'PARR', fields: ['name', 'kind'] }, offset: 0, limit: 10 })).total).toBe(1);
    await second.close();
  });

  it('answers an estimated total above the threshold from the index statistics, and an exact one below it', async () => {
    const database = sqliteDatabase({ path: ':memory:' });
    const store = database.store<Bird>();
    await store.init?.(birds);
    for (let i = 0; i < 30; i++) await store.create({ name: `b${i}`, kind: i < 25 ? 'common' : 'rare' });
    database.connection.exec('ANALYZE');
    const many = await store.list({ filter: { kind: 'common' }, offset: 0, limit: 5, count: { estimateAbove: 10 } });
    expect(many).toMatchObject({ totalEstimated: true });
    expect(many.total).toBeGreaterThan(10);
    const few = await store.list({ filter: { kind: 'rare' }, offset: 0, limit: 5, count: { estimateAbove: 10 } });
    expect(few.total).toBe(5);
    expect(few.totalEstimated).toBeUndefined();
    expect((await store.list({ offset: 0, limit: 1, count: { estimateAbove: 10 } })).total).toBe(30);
    await database.close();
  });

  it('uses an index for a filtered, sorted page', async () => {
    const database = sqliteDatabase({ path: ':memory:' });
    await database.store<Bird>().init?.(birds);
    const plan = database.connection.prepare(`EXPLAIN QUERY PLAN SELECT seq FROM "birds" WHERE deleted = 0 AND json_extract(data, '$.kind') = ? ORDER BY json_extract(data, '$.name') ASC NULLS LAST, seq ASC LIMIT 10`).all('parrot');
    expect(plan.map((row) => String(row.detail)).join('\n')).toMatch(/USING INDEX "?birds_by_kind/);
    await database.close();
  });

  it('refuses table and field names that are not plain words, at init', async () => {
    const database = sqliteDatabase({ path: ':memory:' });
    await expect(database.store<Bird>().init?.({ ...birds, collection: 'bad"name' })).rejects.toThrow(/cannot name a table/);
    await expect(database.store<Bird>().init?.({ ...birds, collection: 'ok', filterable: ["kind') OR 1=1 --"] })).rejects.toThrow(/cannot be filtered/);
    await database.close();
  });
});
