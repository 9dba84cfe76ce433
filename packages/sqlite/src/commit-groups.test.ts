import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { thingsInit, type Thing } from '@corral/core/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqliteDatabase } from './database.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-groups-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

let files = 0;
async function start() {
  // synchronous FULL, the default: a commit is a sync to disk, which is what a group shares.
  const database = sqliteDatabase({ path: join(folder, `groups-${++files}.sqlite`) });
  const things = database.store<Thing>();
  await things.init?.(thingsInit);
  const commits = () => vi.mocked(database.connection.exec).mock.calls.filter(([sql]) => sql === 'COMMIT').length;
  vi.spyOn(database.connection, 'exec');
  return { database, things, commits };
}

const thing = (name: string): Thing => ({ name, legs: 4, kind: 'cat' });

describe('SQLite writes that meet in one turn', () => {
  it('share one commit, each caller getting its own record, all of them in the change log in order', async () => {
    const { database, things, commits } = await start();
    try {
      const position = await database.changes!.position({ fresh: true });
      const names = Array.from({ length: 20 }, (_, n) => `B${n}`);
      const records = await Promise.all(names.map((name) => things.create(thing(name))));
      expect(commits()).toBe(1);
      expect(records.map((record) => record.data.name)).toEqual(names);
      expect(new Set(records.map((record) => record.id)).size).toBe(20);
      for (const record of records) expect(await things.get(record.id)).toMatchObject({ status: 'found', record });
      expect(await things.count({})).toBe(20);
      const batch = await database.changes!.read(position, 100);
      if (!('changes' in batch)) throw new Error('the log was reset');
      expect(batch.changes.map((change) => [change.kind, change.id, change.data?.name])).toEqual(
        records.map((record) => ['created', record.id, record.data.name]),
      );
      // A lone create still commits on its own, at once.
      await things.create(thing('alone'));
      expect(commits()).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('refuse only the record that breaks a rule: the others are written alone', async () => {
    const { database, things } = await start();
    try {
      database.connection.exec("CREATE UNIQUE INDEX one_yeti ON things (name) WHERE name = 'Yeti'");
      await things.create(thing('Yeti'));
      const alone = await things.create(thing('Yeti')).catch((error: unknown) => error);
      expect(alone).toBeInstanceOf(Error);
      const names = ['A', 'B', 'Yeti', 'C', 'D'];
      const outcomes = await Promise.allSettled(names.map((name) => things.create(thing(name))));
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      // The same refusal as when it is created alone.
      const refused = (outcomes[2] as PromiseRejectedResult).reason as Error;
      expect([refused.constructor, refused.message]).toEqual([(alone as Error).constructor, (alone as Error).message]);
      const rows = database.connection.prepare('SELECT name FROM things ORDER BY name').all();
      expect(rows.map((row) => row.name)).toEqual(['A', 'B', 'C', 'D', 'Yeti']);
    } finally {
      await database.close();
    }
  });

  it('share one commit for updates and deletes too, a stale version or a missing record failing alone', async () => {
    const { database, things, commits } = await start();
    try {
      const made = await Promise.all(['A', 'B', 'C', 'D', 'E', 'F'].map((name) => things.create(thing(name))));
      const before = commits();
      const [a, b, c, d, e, f] = made.map((record) => record!);
      const outcomes = await Promise.all([
        things.update!(a!.id, { name: 'A2' }, a!.version),
        things.update!(b!.id, { name: 'B2' }, b!.version + 1),
        things.replace(c!.id, thing('C2'), c!.version),
        things.delete(d!.id, d!.version),
        things.delete(e!.id, e!.version + 1),
        things.delete('987654'),
        things.update!(f!.id, { legs: 3 }),
      ]);
      expect(commits() - before).toBe(1);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'ok',
        'conflict',
        'ok',
        'ok',
        'conflict',
        'missing',
        'ok',
      ]);
      const rows = database.connection.prepare('SELECT name, legs FROM things ORDER BY name').all();
      expect(rows.map((row) => [row.name, row.legs])).toEqual([
        ['A2', 4],
        ['B', 4],
        ['C2', 4],
        ['E', 4],
        ['F', 3],
      ]);
      expect((await things.get(d!.id)).status).toBe('gone');
    } finally {
      await database.close();
    }
  });

  it('undo only the call that throws, and keep the rest of its group', async () => {
    const { database, things, commits } = await start();
    try {
      database.connection.exec("CREATE UNIQUE INDEX one_yeti ON things (name) WHERE name = 'Yeti'");
      const [kept] = await Promise.all([things.create(thing('Kept')), things.create(thing('Yeti'))]);
      const before = commits();
      const outcomes = await Promise.allSettled([
        things.update!(kept.id, { name: 'Yeti' }),
        things.create(thing('After')),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled']);
      expect(commits() - before).toBe(1);
      expect((await things.get(kept.id)).status === 'found' && (await things.get(kept.id))).toMatchObject({
        record: { data: { name: 'Kept' } },
      });
    } finally {
      await database.close();
    }
  });

  it('are all committed before the database closes', async () => {
    const { database, things } = await start();
    const writes = ['X', 'Y', 'Z'].map((name) => things.create(thing(name)));
    await database.close();
    expect((await Promise.all(writes)).map((record) => record.data.name)).toEqual(['X', 'Y', 'Z']);
  });

  it('do not join creates made inside a unit of work, which commit with their unit', async () => {
    const { database, things, commits } = await start();
    try {
      const [outside, inside] = await Promise.all([
        things.create(thing('outside')),
        database
          .transaction(async (transaction) => {
            const made = await things.create(thing('inside'), { transaction });
            throw Object.assign(new Error('undone'), { made });
          })
          .catch((error: { made?: unknown }) => error.made),
      ]);
      expect(outside.data.name).toBe('outside');
      expect(inside).toBeDefined();
      // The unit rolled back: its create is gone, the other stays.
      const rows = database.connection.prepare('SELECT name FROM things ORDER BY name').all();
      expect(rows.map((row) => row.name)).toEqual(['outside']);
      expect(commits()).toBe(1);
    } finally {
      await database.close();
    }
  });
});
