import { thingsInit, type Thing } from '@corral/core/testing';
import { describe, expect, it } from 'vitest';
import { mysqlDatabase } from './database.js';
import { testDatabases } from './testing/databases.js';
import { mysqlServerAvailable, outsideConnection } from './testing/server.js';

const available = await mysqlServerAvailable();
const databases = testDatabases();

async function start(url: string) {
  const database = mysqlDatabase({ connectionString: url });
  const things = database.store<Thing>();
  await things.init?.(thingsInit);
  return { database, things, log: database.changes! };
}
const cat: Thing = { name: 'Cat', legs: 4, kind: 'cat' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(available)('MariaDB change log, woken', () => {
  it('wakes watchers when the unit holding the horizon back rolls back (no commit follows)', async () => {
    const { url } = await databases.make('log_rollback_wake');
    const a = await start(url);
    const b = await start(url);
    try {
      const before = await a.log.position({ fresh: true });
      let wakes = 0;
      const stop = a.log.watch(() => {
        wakes++;
      });
      let hold!: () => void;
      const held = new Promise<void>((resolve) => (hold = resolve));
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      const first = b.database
        .transaction(async (transaction) => {
          await b.things.create({ ...cat, name: 'Undone' }, { transaction });
          written();
          await held;
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await wrote;
      await b.things.create({ ...cat, name: 'Second' });
      await sleep(400);
      const meanwhile = await a.log.read(before, 10);
      expect('changes' in meanwhile && meanwhile.changes).toEqual([]); // held back by the open unit
      hold();
      await first;
      await sleep(300); // let the last wakes from b's commit settle
      wakes = 0;
      await sleep(1500); // 15 polls
      // 'Second' is now deliverable ...
      const batch = await a.log.read(before, 10);
      expect('changes' in batch && batch.changes.map((c) => c.data?.name)).toEqual(['Second']);
      stop();
      // Feeds read only when woken (core/src/feed/hub.ts): a rollback that lets the horizon pass must wake them.
      expect(wakes).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.database.close(), b.database.close()]);
    }
  });
});

describe.runIf(available)('MariaDB change log under contention', () => {
  it('never delivers a horizon past a position that commits later (single-write units, 40 connections)', async () => {
    const { name, url } = await databases.make('log_skip');
    const writer = mysqlDatabase({ connectionString: url });
    const things = writer.store<Thing>();
    await things.init?.(thingsInit);
    const reader = await start(url);
    try {
      const end = Date.now() + 6000;
      let at = await reader.log.position({ fresh: true });
      const delivered = new Set<number>();
      const reading = (async () => {
        while (Date.now() < end) {
          const batch = await reader.log.read(at, 100_000);
          if (!('changes' in batch)) throw new Error('reset');
          for (const change of batch.changes) delivered.add(Number(change.position));
          at = batch.position;
        }
      })();
      let n = 0;
      // Another program's writes (the store's own triggers log them), 40 connections at once.
      const outside = await Promise.all(Array.from({ length: 40 }, () => outsideConnection(name)));
      await Promise.all(
        outside.map(async (connection) => {
          while (Date.now() < end)
            await connection.query(`INSERT INTO things (name, legs, kind) VALUES ('n${n++}', 2, 'dog')`);
        }),
      );
      await Promise.all(outside.map((connection) => connection.end()));
      await reading;
      // Every read goes on from `at`: a committed row at or below it that was not delivered never will be.
      const final = await (
        reader.database as unknown as { pool: { query(sql: string): Promise<[{ seq: unknown }[]]> } }
      ).pool.query(`SELECT seq FROM corral_changes WHERE seq <= ${Number(at)} ORDER BY seq`);
      let first = Infinity;
      for (const p of delivered) first = Math.min(first, p);
      const skipped = final[0].map((row) => Number(row.seq)).filter((p) => p >= first && !delivered.has(p));
      expect(delivered.size).toBeGreaterThan(100);
      expect(skipped).toEqual([]);
    } finally {
      await Promise.all([writer.close(), reader.database.close()]);
    }
  }, 60_000);
});
