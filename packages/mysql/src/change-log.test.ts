import { thingsInit, type Thing } from '@corral/core/testing';
import { describe, expect, it } from 'vitest';
import { mysqlDatabase } from './database.js';
import { testDatabases } from './testing/databases.js';
import { mysqlServerAvailable } from './testing/server.js';

const available = await mysqlServerAvailable();
const databases = testDatabases();

async function start(url: string) {
  const database = mysqlDatabase({ connectionString: url });
  const things = database.store<Thing>();
  await things.init?.(thingsInit);
  return { database, things, log: database.changes! };
}

const cat: Thing = { name: 'Cat', legs: 4, kind: 'cat' };

describe.runIf(available)('MariaDB change log', () => {
  it('numbers changes in commit order: a unit that started first holds back the ones after it, never skipped', async () => {
    const { url } = await databases.make('log_order');
    const a = await start(url);
    const b = await start(url);
    try {
      const before = await b.log.position({ fresh: true });
      let hold!: () => void;
      const held = new Promise<void>((resolve) => {
        hold = resolve;
      });
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => {
        written = resolve;
      });
      const first = a.database.transaction(async (transaction) => {
        await a.things.create({ ...cat, name: 'First' }, { transaction });
        written();
        await held;
      });
      await wrote;
      // Another instance's write waits for the first unit's number to be settled.
      const second = b.things.create({ ...cat, name: 'Second' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const meanwhile = await b.log.read(before, 10);
      expect('changes' in meanwhile && meanwhile.changes).toEqual([]);
      hold();
      await first;
      await second;
      const batch = await b.log.read(before, 10);
      if (!('changes' in batch)) throw new Error('reset');
      expect(batch.changes.map((change) => change.data?.name)).toEqual(['First', 'Second']);
      const [p1, p2] = batch.changes.map((change) => Number(change.position));
      expect(p1).toBe(Number(before) + 1);
      expect(p2).toBe(p1! + 1);
    } finally {
      await Promise.all([a.database.close(), b.database.close()]);
    }
  });

  it("hands a rolled-back unit's number to the next writer: positions stay without gaps", async () => {
    const { url } = await databases.make('log_gaps');
    const a = await start(url);
    try {
      const before = Number(await a.log.position({ fresh: true }));
      await expect(
        a.database.transaction(async (transaction) => {
          await a.things.create({ ...cat, name: 'Undone' }, { transaction });
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      await a.things.create({ ...cat, name: 'Kept' });
      const batch = await a.log.read(String(before), 10);
      if (!('changes' in batch)) throw new Error('reset');
      expect(batch.changes.map((change) => [Number(change.position), change.data?.name])).toEqual([
        [before + 1, 'Kept'],
      ]);
    } finally {
      await a.database.close();
    }
  });

  it("wakes another instance's watchers (by polling the counter: no LISTEN) and another program's writes too", async () => {
    const { name, url } = await databases.make('log_wake');
    const a = await start(url);
    const b = await start(url);
    try {
      // A watcher may be woken for nothing (this instance's own bookkeeping commits wake it too):
      // only a wake after the write counts.
      const wokenAfter = (write: () => Promise<unknown>) =>
        new Promise<void>((resolve, reject) => {
          let written = false;
          const stop = b.log.watch(() => {
            if (!written) return;
            stop();
            resolve();
          });
          setTimeout(() => {
            written = true;
            write().catch(reject);
          }, 250);
        });
      await wokenAfter(() => a.things.create(cat));
      await wokenAfter(() =>
        databases.outside(name, `INSERT INTO things (name, legs, kind) VALUES ('Outside', 2, 'dog')`),
      );
      const batch = await b.log.read('0', 10);
      expect('changes' in batch && batch.changes.map((change) => change.data?.name)).toEqual(['Cat', 'Outside']);
    } finally {
      await Promise.all([a.database.close(), b.database.close()]);
    }
  });
});
