import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeLog, LoggedChange } from '../store/change-log.js';
import type { Store, StoreDatabase } from '../store/store.js';
import { type Thing, thingsInit } from './store-cases.js';

/** A database with a change log and a store of things on it (not yet initialised). */
export interface OpenedChangeLog {
  readonly database: StoreDatabase;
  readonly things: Store<Thing>;
  /**
   * Where another program can write the things' table: adds a thing named `name` (legs 2, kind
   * dog) as that program would, and says whether the log is expected to show it.
   */
  readonly outside?: { insert(name: string): Promise<void>; readonly logged: boolean };
  /** Whether another connection's units of work commit while one is open (not on SQLite, one unit at a time). */
  readonly concurrentUnits?: boolean;
  close(): Promise<void>;
}

/**
 * Reads the log from `from` until `count` changes came (or `timeoutMs` passed: a log may hold
 * changes back while an older transaction elsewhere is running). The changes and the position after them.
 */
export async function readChanges(
  log: ChangeLog,
  from: string,
  count: number,
  timeoutMs = 10_000,
): Promise<{ changes: LoggedChange[]; position: string }> {
  const changes: LoggedChange[] = [];
  let position = from;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const batch = await log.read(position, 100);
    if ('reset' in batch) throw new Error(`the log answered reset (${batch.reset}) for ${position}`);
    changes.push(...batch.changes);
    position = batch.position;
    if (changes.length >= count || Date.now() > until) return { changes, position };
    if (batch.changes.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cat: Thing = { name: 'Cat', legs: 4, kind: 'cat', tags: ['soft'] };
const dog: Thing = { name: 'Dog', legs: 4, kind: 'dog', wild: false };
const eel: Thing = { name: 'Eel', legs: 0, kind: 'eel' };

/**
 * What every database's change log does (`database.changes`): each committed write appends one
 * change per record, in order, with the record's data as `get` gives it; reads resume from any
 * position they gave; unknown positions reset; watchers wake after this process's writes.
 */
export function changeLogCases(name: string, open: () => Promise<OpenedChangeLog>): void {
  describe(`${name}: change log`, () => {
    let opened: OpenedChangeLog;
    let log: ChangeLog;
    let things: Store<Thing>;

    beforeEach(async () => {
      opened = await open();
      await opened.things.init?.(thingsInit);
      things = opened.things;
      expect(opened.database.changes).toBeDefined();
      log = opened.database.changes!;
    });
    afterEach(() => opened.close());

    it('logs a create, a replace, an update and a delete, with the data after and before', async () => {
      const start = await log.position();
      const created = await things.create(cat);
      const replaced = await things.replace(created.id, { ...cat, name: 'Tom' });
      const updated = await things.update!(created.id, { legs: 3 });
      expect(replaced.status).toBe('ok');
      expect(updated.status).toBe('ok');
      const got = await things.get(created.id);
      await things.delete(created.id);
      const { changes } = await readChanges(log, start, 4);
      expect(changes.map((change) => change.kind)).toEqual(['created', 'updated', 'updated', 'deleted']);
      expect(changes.every((change) => change.collection === 'things' && change.id === created.id)).toBe(true);
      const [c, r, u, d] = changes as [LoggedChange, LoggedChange, LoggedChange, LoggedChange];
      expect(c.data).toEqual(created.data);
      expect(c.version).toBe(created.version);
      expect(c.previous).toBeUndefined();
      expect(r.previous).toEqual(created.data);
      expect(r.data).toEqual({ ...created.data, name: 'Tom' });
      expect(u.previous).toEqual(r.data);
      expect(got.status === 'found' && u.data).toEqual(got.status === 'found' ? got.record.data : undefined);
      expect(got.status === 'found' && u.version).toBe(got.status === 'found' ? got.record.version : undefined);
      expect(d.data).toBeUndefined();
      expect(d.previous).toEqual(u.data);
      expect(c.at).toBeInstanceOf(Date);
      for (let i = 1; i < changes.length; i++)
        expect(log.before(changes[i - 1]!.position, changes[i]!.position)).toBe(true);
    });

    it('logs one change per record of deleteWhere, deleteAll and replaceMany', async () => {
      const before = await log.position();
      const [a, b, e] = [await things.create(cat), await things.create(dog), await things.create(eel)];
      // A position may come before writes already made (an earlier one is always safe): read past them.
      const { position: start } = await readChanges(log, before, 3);
      const many = await things.replaceMany([
        { id: a.id, data: { ...cat, legs: 5 } },
        { id: b.id, data: { ...dog, legs: 6 } },
      ]);
      expect(many.status).toBe('ok');
      expect(await things.deleteWhere({ kind: 'eel' })).toBe(1);
      const all = await things.deleteAll();
      expect(all).toEqual({ status: 'ok', count: 2 });
      const { changes } = await readChanges(log, start, 5);
      expect(changes.slice(0, 3).map((change) => `${change.kind} ${change.id}`)).toEqual([
        `updated ${a.id}`,
        `updated ${b.id}`,
        `deleted ${e.id}`,
      ]);
      expect(changes.slice(3).every((change) => change.kind === 'deleted')).toBe(true);
      expect(
        changes
          .slice(3)
          .map((change) => change.id)
          .sort(),
      ).toEqual([a.id, b.id].sort());
      expect(changes[0]!.data).toMatchObject({ legs: 5 });
      expect(changes[2]!.previous).toMatchObject({ name: 'Eel' });
    });

    it('resumes after any position it gave, never giving a change twice', async () => {
      const start = await log.position();
      for (const thing of [cat, dog, eel]) await things.create(thing);
      const first = await readChanges(log, start, 3);
      expect(first.changes).toHaveLength(3);
      const page = await log.read(start, 2);
      expect('changes' in page && page.changes.map((change) => change.position)).toEqual(
        first.changes.slice(0, 2).map((change) => change.position),
      );
      const rest = 'changes' in page ? await readChanges(log, page.position, 1) : undefined;
      expect(rest?.changes.map((change) => change.position)).toEqual([first.changes[2]!.position]);
      const after = await log.read(first.position, 10);
      expect('changes' in after && after.changes).toEqual([]);
      const later = await things.create({ ...cat, name: 'Later' });
      const next = await readChanges(log, first.position, 1);
      expect(next.changes.map((change) => change.id)).toEqual([later.id]);
      expect(log.before(first.changes[2]!.position, next.changes[0]!.position)).toBe(true);
    });

    it('logs nothing for a unit of work that rolled back', async () => {
      const start = await log.position();
      await expect(
        opened.database.transaction(async (transaction) => {
          await things.create(cat, { transaction });
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      const kept = await things.create(dog);
      const { changes } = await readChanges(log, start, 1);
      expect(changes.map((change) => change.id)).toEqual([kept.id]);
    });

    it("logs another program's write where the table's triggers log them, and only there", async (context) => {
      const outside = opened.outside;
      if (!outside) return context.skip();
      const start = await log.position();
      await things.create(cat);
      await outside.insert('Outsider');
      const marker = await things.create(dog);
      const { changes } = await readChanges(log, start, outside.logged ? 3 : 2);
      expect(changes.map((change) => change.data?.name)).toEqual([
        'Cat',
        ...(outside.logged ? ['Outsider'] : []),
        'Dog',
      ]);
      expect(changes.at(-1)!.id).toBe(marker.id);
      if (outside.logged) {
        const inserted = changes[1]!;
        const got = await things.get(inserted.id);
        expect(got.status === 'found' && [got.record.data, got.record.version]).toEqual([
          inserted.data,
          inserted.version,
        ]);
      }
    });

    it('answers reset for a position that is not one of its own', async () => {
      for (const position of ['', 'nope', '-1', '1.5', '99999999999999-0-0']) {
        const batch = await log.read(position, 10);
        expect(batch).toMatchObject({ reset: 'unknown' });
        expect(typeof batch.position).toBe('string');
      }
    });

    it('gives a fresh position on asking, never before one it gave earlier', async () => {
      const before = await log.position({ fresh: true });
      const created = await things.create(cat);
      const after = await log.position({ fresh: true });
      expect(log.before(after, before)).toBe(false);
      const { changes } = await readChanges(log, before, 1);
      expect(changes.map((change) => change.id)).toContain(created.id);
      // Where no other transaction holds the log back, the fresh position follows the write at once.
      if (log.before(changes.at(-1)!.position, after) || changes.at(-1)!.position === after)
        expect(await log.read(after, 10)).toMatchObject({ changes: [] });
    });

    it('gives a settled position after every change committed before it was asked for, though a unit elsewhere is still running', async (context) => {
      if (!opened.concurrentUnits) return context.skip();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => (wrote = resolve));
      // A unit that wrote and is still open: a fresh position may have to come before its change.
      const unit = opened.database.transaction(async (transaction) => {
        await things.create({ ...cat, name: 'Running' }, { transaction });
        wrote();
        await held;
      });
      await written;
      await things.create({ ...dog, name: 'Before' }); // committed before the position is asked for
      const asked = log.position({ fresh: true, settled: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await unit;
      const settled = await asked;
      await things.create({ ...eel, name: 'After' });
      const { changes } = await readChanges(log, settled, 2, 2000);
      // The running unit committed while the position was being given: either way is right for it.
      expect(changes.map((change) => change.data?.name).filter((name) => name !== 'Running')).toEqual(['After']);
    });

    it('wakes watchers after a write commits, and not after they stop', async () => {
      let wakes = 0;
      const stop = log.watch(() => wakes++);
      await things.create(cat);
      const until = Date.now() + 2000;
      while (wakes === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(wakes).toBeGreaterThan(0);
      stop();
    });
  });
}
