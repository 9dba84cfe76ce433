import { describe, expect, it } from 'vitest';
import type { ChangeBatch, LoggedChange } from './change-log.js';
import { MemoryChangeLog } from './memory-change-log.js';
import { memoryDatabase } from './memory-database.js';
import { memoryStore } from './memory-store.js';

const init = { collection: 'things', fields: { name: 'string' as const }, filterable: [], sortable: [] };
const changesOf = (batch: ChangeBatch): readonly LoggedChange[] => ('changes' in batch ? batch.changes : []);
const summary = (changes: readonly LoggedChange[]) =>
  changes.map((c) => `${c.kind} ${c.collection}/${c.id} v${c.version}`);

function setup() {
  const database = memoryDatabase();
  const store = memoryStore<{ name: string }>({ database });
  store.init?.({ ...init, searchable: [], required: [], nullable: [], enums: {} });
  return { database, store, log: database.changes };
}

describe('the change log of memory stores', () => {
  it('logs every write with its data before and after, in order', async () => {
    const { store, log } = setup();
    const start = log.position();
    const a = await store.create({ name: 'a' });
    await store.create({ name: 'b' });
    await store.update!(a.id, { name: 'a2' });
    await store.replace(a.id, { name: 'a3' });
    await store.delete('2');
    await store.replaceMany([{ id: a.id, data: { name: 'a4' } }]);
    await store.deleteWhere({});
    const batch = await log.read(start, 100);
    expect(summary(changesOf(batch))).toEqual([
      'created things/1 v1',
      'created things/2 v1',
      'updated things/1 v2',
      'updated things/1 v3',
      'deleted things/2 v1',
      'updated things/1 v4',
      'deleted things/1 v4',
    ]);
    const [created, , updated, , deleted] = changesOf(batch);
    expect(created?.data).toEqual({ name: 'a' });
    expect(updated).toMatchObject({ data: { name: 'a2' }, previous: { name: 'a' } });
    expect(deleted).toMatchObject({ previous: { name: 'b' } });
    expect(deleted?.data).toBeUndefined();
    expect(batch.position).toBe(log.position());
    // Positions are decimal integers that grow by one.
    const positions = changesOf(batch).map((c) => Number(c.position));
    expect(positions).toEqual(positions.map((_, i) => Number(start) + i + 1));
  });

  it('logs deleteAll, and reads in pages from any position', async () => {
    const { store, log } = setup();
    await store.create({ name: 'a' });
    await store.create({ name: 'b' });
    const middle = log.position();
    await store.deleteAll();
    const first = await log.read(middle, 1);
    expect(summary(changesOf(first))).toEqual(['deleted things/1 v1']);
    expect(summary(changesOf(await log.read(first.position, 10)))).toEqual(['deleted things/2 v1']);
    expect(changesOf(await log.read(log.position(), 10))).toEqual([]);
  });

  it('logs a transaction when it commits, and nothing of one that fails', async () => {
    const { database, store, log } = setup();
    const start = log.position();
    await expect(
      database.transaction(async (transaction) => {
        await store.create({ name: 'lost' }, { transaction });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(log.position()).toBe(start);
    await database.transaction(async (transaction) => {
      await store.create({ name: 'kept' }, { transaction });
      expect(log.position()).toBe(start); // not before the commit
      await store.deleteAll(undefined, { transaction });
    });
    expect(summary(changesOf(await log.read(start, 10)))).toEqual(['created things/2 v1', 'deleted things/2 v1']);
  });

  it('wakes watchers once after the writes of one step', async () => {
    const { store, log } = setup();
    let woken = 0;
    const stop = log.watch(() => woken++);
    await store.create({ name: 'a' });
    await store.create({ name: 'b' });
    await Promise.resolve();
    expect(woken).toBeGreaterThanOrEqual(1);
    stop();
    const before = woken;
    await store.create({ name: 'c' });
    await Promise.resolve();
    expect(woken).toBe(before);
  });

  it('resets positions that are not its own or no longer kept', async () => {
    const log = new MemoryChangeLog({ retain: 2 });
    const start = log.position();
    const at = new Date();
    for (const id of ['1', '2', '3']) log.append([{ collection: 'c', id, kind: 'created', version: 1, at }]);
    expect(await log.read('nonsense', 10)).toEqual({ reset: 'unknown', position: log.position() });
    expect(await log.read('-1', 10)).toMatchObject({ reset: 'unknown' });
    expect(await log.read(String(Number(log.position()) + 1), 10)).toMatchObject({ reset: 'unknown' });
    expect(await log.read(start, 10)).toEqual({ reset: 'expired', position: log.position() });
    expect(changesOf(await log.read(String(Number(start) + 1), 10)).map((c) => c.id)).toEqual(['2', '3']);
    expect(log.before(start, log.position())).toBe(true);
    expect(log.before(log.position(), start)).toBe(false);
  });

  it('drops changes older than the time kept', async () => {
    const log = new MemoryChangeLog({ retainMs: 1000 });
    const start = log.position();
    log.append([{ collection: 'c', id: '1', kind: 'created', version: 1, at: new Date(Date.now() - 5000) }]);
    log.append([{ collection: 'c', id: '2', kind: 'created', version: 1, at: new Date() }]);
    expect(await log.read(start, 10)).toMatchObject({ reset: 'expired' });
  });
});
