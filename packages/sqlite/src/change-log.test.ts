import { mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { partsInit, readChanges, thingsInit, type Part, type Thing } from '@corral/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from './database.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-log-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

let files = 0;
async function start(options: { changeRetention?: number; changeLog?: boolean } = {}) {
  const path = join(folder, `log-${++files}.sqlite`);
  const database = sqliteDatabase({ path, synchronous: 'normal', ...options });
  const things = database.store<Thing>();
  await things.init?.(thingsInit);
  return { path, database, things, log: database.changes! };
}

const cat: Thing = { name: 'Cat', legs: 4, kind: 'cat', tags: ['soft'] };

/** Resolves once `count()` is above `from`, or rejects after `ms`. */
async function woken(count: () => number, from: number, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (count() === from) {
    if (Date.now() > until) throw new Error('not woken');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the change log of a SQLite file', () => {
  it("logs another connection's SQL on a table the store made and wakes watchers through data_version", async () => {
    const { path, database, things, log } = await start();
    const record = await things.create(cat);
    const from = await log.position({ fresh: true });
    let wakes = 0;
    const stop = log.watch(() => wakes++);
    const other = new DatabaseSync(path);
    other.exec('PRAGMA busy_timeout = 5000');
    other.exec(`UPDATE things SET legs = 7 WHERE id = ${Number(record.id)}`);
    await woken(() => wakes, 0);
    const { changes } = await readChanges(log, from, 1);
    expect(changes[0]).toMatchObject({
      kind: 'updated',
      id: record.id,
      version: record.version + 1,
      data: { legs: 7, tags: ['soft'] },
      previous: { legs: 4 },
    });
    const got = await things.get(record.id);
    expect(got.status === 'found' && got.record.version).toBe(record.version + 1);
    other.close();
    stop();
    await database.close();
  });

  it('wakes watchers for the writes of a second database object on the same file', async () => {
    const { path, database, log } = await start();
    const second = sqliteDatabase({ path });
    const things = second.store<Thing>();
    await things.init?.(thingsInit);
    const from = await log.position({ fresh: true });
    let wakes = 0;
    const stop = log.watch(() => wakes++);
    const record = await things.create(cat);
    await woken(() => wakes, 0);
    const { changes } = await readChanges(log, from, 1);
    expect(changes.map((change) => change.id)).toEqual([record.id]);
    stop();
    await second.close();
    await database.close();
  });

  it('logs the rows a foreign key deletes in cascade', async () => {
    const { database, things, log } = await start();
    const parts = database.store<Part>();
    await parts.init?.(partsInit(things));
    const thing = await things.create(cat);
    const part = await parts.create({ thingId: thing.id, label: 'tail' });
    const from = await log.position({ fresh: true });
    await things.delete(thing.id);
    const { changes } = await readChanges(log, from, 2);
    expect(changes.map((change) => `${change.collection} ${change.kind} ${change.id}`).sort()).toEqual(
      [`parts deleted ${part.id}`, `things deleted ${thing.id}`].sort(),
    );
    await database.close();
  });

  it('prunes what is older than the retention and answers expired before it', async () => {
    const { database, things, log } = await start({ changeRetention: 30 });
    const start0 = await log.position({ fresh: true });
    await things.create(cat);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await log.prune()).toBe(1);
    expect(await log.read(start0, 10)).toMatchObject({ reset: 'expired' });
    const now = await log.position({ fresh: true });
    expect(await log.read(now, 10)).toMatchObject({ changes: [] });
    expect(await log.read(String(Number(now) + 5), 10)).toMatchObject({ reset: 'unknown' });
    await database.close();
  });

  it('gives a file made again positions after the old one, so a kept position resets', async () => {
    const first = await start();
    await first.things.create(cat);
    await first.things.create(cat);
    const kept = await first.log.position({ fresh: true });
    await first.database.close();
    await rm(first.path, { force: true });
    const again = sqliteDatabase({ path: first.path, synchronous: 'normal' });
    const things = again.store<Thing>();
    await things.init?.(thingsInit);
    const fresh = await again.changes!.position({ fresh: true });
    expect(Number(fresh)).toBeGreaterThan(Number(kept));
    await things.create(cat);
    expect(await again.changes!.read(kept, 10)).toMatchObject({ reset: 'expired' });
    expect((await readChanges(again.changes!, fresh, 1)).changes).toMatchObject([{ kind: 'created' }]);
    await again.close();
  });

  it('keeps no log with changeLog: false', async () => {
    const { database, things } = await start({ changeLog: false });
    expect(database.changes).toBeUndefined();
    const record = await things.create(cat);
    expect((await things.update!(record.id, { legs: 2 })).status).toBe('ok');
    const rows = database.connection.prepare('SELECT count(*) AS n FROM corral_changes').get();
    expect(rows?.n).toBe(0);
    await database.close();
  });
});

describe('the change log options', () => {
  it('refuses a retention that is not a positive number of milliseconds, naming the option', () => {
    for (const changeRetention of [0, -5, Number.NaN])
      expect(() => sqliteDatabase({ path: ':memory:', changeRetention })).toThrow(/changeRetention/);
  });
});
