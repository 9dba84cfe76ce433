import { thingsInit, type Thing } from '@corral/core/testing';
import { describe, expect, it } from 'vitest';
import { mysqlDatabase, type MysqlTransaction } from './database.js';
import { testDatabases } from './testing/databases.js';
import { mysqlServerAvailable } from './testing/server.js';

const available = await mysqlServerAvailable();
const databases = testDatabases();

describe.runIf(available)('units of work that lose a race on MariaDB', () => {
  it('are run again inside after a deadlock (1213): both units of a crossed pair succeed', async () => {
    const { url } = await databases.make('deadlock');
    const database = mysqlDatabase({ connectionString: url });
    const things = database.store<Thing>();
    try {
      await things.init?.(thingsInit);
      const a = await things.create({ name: 'A', legs: 1, kind: 'cat' });
      const b = await things.create({ name: 'B', legs: 1, kind: 'cat' });
      let runs = 0;
      let met = 0;
      let bothIn!: () => void;
      const together = new Promise<void>((resolve) => {
        bothIn = resolve;
      });
      // Each locks one row, waits for the other to have locked its own, then wants the other's.
      const crossed = (first: string, second: string) =>
        database.transaction(async (transaction) => {
          runs++;
          await things.update!(first, { legs: 2 }, undefined, { transaction });
          if (++met === 2) bothIn();
          await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 500))]);
          await things.update!(second, { legs: 3 }, undefined, { transaction });
        });
      await Promise.all([crossed(a.id, b.id), crossed(b.id, a.id)]);
      expect(runs).toBeGreaterThan(2);
      const now = await things.getMany([a.id, b.id]);
      expect(now.map((lookup) => lookup.status === 'found' && lookup.record.data.legs).sort()).toEqual([2, 3]);
    } finally {
      await database.close();
    }
  });

  it('are rolled back whole, then run again, after a lock wait timeout (1205 undoes only the statement)', async () => {
    const { name, url } = await databases.make('lockwait');
    const database = mysqlDatabase({ connectionString: url });
    const things = database.store<Thing>();
    try {
      await things.init?.(thingsInit);
      const held = await things.create({ name: 'Held', legs: 1, kind: 'cat' });
      // Another program holds the row's lock a while.
      const holder = await database.pool.getConnection();
      await holder.query('START TRANSACTION');
      await holder.query(`SELECT * FROM things WHERE id = ? FOR UPDATE`, [Number(held.id)]);
      setTimeout(() => void holder.query('COMMIT').then(() => holder.release()), 2500);
      let runs = 0;
      await database.transaction(async (transaction) => {
        runs++;
        const { connection } = transaction as MysqlTransaction;
        await connection.query('SET SESSION innodb_lock_wait_timeout = 1');
        // A write before the one that waits: undone with the unit, or it would be made twice.
        await things.create({ name: `Before ${runs}`, legs: 1, kind: 'dog' }, { transaction });
        await things.update!(held.id, { legs: 9 }, undefined, { transaction });
      });
      expect(runs).toBeGreaterThan(1);
      const rows = await databases.outside(name, `SELECT name FROM things WHERE kind = 'dog'`);
      expect(rows.map((row) => row.name)).toEqual([`Before ${runs}`]);
      const now = await things.get(held.id);
      expect(now.status === 'found' && now.record.data.legs).toBe(9);
    } finally {
      await database.close();
    }
  });
});
