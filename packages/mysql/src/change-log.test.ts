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

describe.runIf(available)('MariaDB change log', () => {
  it('delivers in position order: a unit that took its position first and commits last holds the later ones back, and blocks no writer', async () => {
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
      // Another instance's writes commit while the first unit is open: nobody waits on the log...
      await b.things.create({ ...cat, name: 'Second' });
      await a.things.create({ ...cat, name: 'Third' });
      // ...but no reader is handed them before the first unit's change is settled.
      const meanwhile = await b.log.read(before, 10);
      expect('changes' in meanwhile && meanwhile.changes).toEqual([]);
      const heldBack = [meanwhile.position, await b.log.position({ fresh: true })].map(Number);
      hold();
      await first;
      const batch = await b.log.read(before, 10);
      if (!('changes' in batch)) throw new Error('reset');
      expect(batch.changes.map((change) => change.data?.name)).toEqual(['First', 'Second', 'Third']);
      const positions = batch.changes.map((change) => Number(change.position));
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
      expect(positions[0]).toBeGreaterThan(Number(before));
      // Positions handed out while the first unit was open were all before its change.
      for (const position of heldBack) expect(position).toBeLessThan(positions[0]!);
      // Read again from where it ended: nothing twice.
      const after = await b.log.read(batch.position, 10);
      expect('changes' in after && after.changes).toEqual([]);
    } finally {
      await Promise.all([a.database.close(), b.database.close()]);
    }
  });

  it('passes the position a rolled-back unit took (a gap): what comes after it is delivered, the undone change never', async () => {
    const { url } = await databases.make('log_gaps');
    const a = await start(url);
    try {
      const before = await a.log.position({ fresh: true });
      await expect(
        a.database.transaction(async (transaction) => {
          await a.things.create({ ...cat, name: 'Undone' }, { transaction });
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      await a.things.create({ ...cat, name: 'Kept' });
      const batch = await a.log.read(before, 10);
      if (!('changes' in batch)) throw new Error('reset');
      expect(batch.changes.map((change) => change.data?.name)).toEqual(['Kept']);
      expect(Number(batch.position)).toBeGreaterThanOrEqual(Number(batch.changes[0]!.position));
    } finally {
      await a.database.close();
    }
  });

  it("holds readers back for another program's unfinished write on a logged table, and delivers it once it commits", async () => {
    const { name, url } = await databases.make('log_outside');
    const a = await start(url);
    // The other program writes another collection: a writer that shares a counter row with an
    // open unit waits for it (a store's own connections never share one, another program's may).
    await a.database.store<Thing>().init?.({ ...thingsInit, collection: 'others' });
    const outside = await outsideConnection(name);
    try {
      const before = await a.log.position({ fresh: true });
      await outside.query(`START TRANSACTION`);
      await outside.query(`INSERT INTO others (name, legs, kind) VALUES ('Outside', 2, 'dog')`);
      await a.things.create({ ...cat, name: 'Inside' });
      const meanwhile = await a.log.read(before, 10);
      expect('changes' in meanwhile && meanwhile.changes).toEqual([]);
      await outside.query('COMMIT');
      const batch = await a.log.read(before, 10);
      expect('changes' in batch && batch.changes.map((change) => change.data?.name)).toEqual(['Outside', 'Inside']);
    } finally {
      await outside.end();
      await a.database.close();
    }
  });

  it('gives 20 writers on 20 connections their positions at once: each change delivered exactly once, in position order', async () => {
    const { url } = await databases.make('log_many');
    const a = await start(url);
    try {
      const before = await a.log.position({ fresh: true });
      const seen: string[] = [];
      let at = before;
      const deadline = Date.now() + 20_000;
      const reading = (async () => {
        while (seen.length < 200 && Date.now() < deadline) {
          const batch = await a.log.read(at, 50);
          if (!('changes' in batch)) throw new Error('reset');
          seen.push(...batch.changes.map((change) => change.id));
          at = batch.position;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, writer) =>
          a.database.transaction(async (transaction) => {
            const made = [];
            for (let i = 0; i < 10; i++)
              made.push((await a.things.create({ ...cat, name: `w${writer} ${i}` }, { transaction })).id);
            return made;
          }),
        ),
      );
      await reading;
      expect(seen.length).toBe(200);
      expect(new Set(seen).size).toBe(200);
      expect([...seen].sort()).toEqual(created.flat().sort());
    } finally {
      await a.database.close();
    }
  });

  it("wakes another instance's watchers (by polling the counter rows: no LISTEN) and another program's writes too", async () => {
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

  it('takes over a database of the earlier layout: revisions go on from its row, positions from above its log', async () => {
    const { name, url } = await databases.make('log_upgrade');
    // What the previous release left: one revision row per collection, a log numbered 1..40 by a counter.
    for (const sql of [
      `CREATE TABLE corral_revisions (collection VARCHAR(255) NOT NULL PRIMARY KEY, revision BIGINT NOT NULL, live BIGINT NULL)`,
      `INSERT INTO corral_revisions VALUES ('things', 500, 0), ('others', 70, NULL)`,
      `CREATE TABLE corral_changes (seq BIGINT NOT NULL PRIMARY KEY, collection VARCHAR(255) NOT NULL, id VARCHAR(255) NOT NULL,
        kind VARCHAR(16) NOT NULL, version BIGINT NULL, at BIGINT NOT NULL, data LONGTEXT NULL, previous LONGTEXT NULL)`,
      `CREATE TABLE corral_changes_pruned (one TINYINT NOT NULL PRIMARY KEY, seq BIGINT NOT NULL)`,
      `INSERT INTO corral_changes_pruned VALUES (1, 40)`,
    ])
      await databases.outside(name, sql);
    const a = await start(url);
    try {
      expect(await a.things.revision!()).toBeGreaterThanOrEqual(500);
      const before = await a.log.position({ fresh: true });
      expect(Number(before)).toBeGreaterThanOrEqual(40);
      await a.things.create(cat);
      expect(await a.things.revision!()).toBeGreaterThan(500);
      const batch = await a.log.read(before, 10);
      if (!('changes' in batch)) throw new Error('reset');
      expect(batch.changes.map((change) => change.data?.name)).toEqual(['Cat']);
      expect(Number(batch.changes[0]!.position)).toBeGreaterThan(40);
      // A collection whose store has not started yet has all its counter rows, its revision kept.
      const others = await databases.outside(
        name,
        `SELECT COUNT(*) AS n, SUM(revision) AS revision, COUNT(live) AS kept FROM corral_counts WHERE collection = 'others'`,
      );
      expect(others.map((row) => [Number(row.n), Number(row.revision), Number(row.kept)])).toEqual([[16, 70, 0]]);
    } finally {
      await a.database.close();
    }
  });
});

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
