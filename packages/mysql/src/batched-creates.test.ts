import { thingsInit, type Thing } from '@corral/core/testing';
import { describe, expect, it } from 'vitest';
import { mysqlDatabase } from './database.js';
import { testDatabases } from './testing/databases.js';
import { mysqlServerAvailable } from './testing/server.js';

const available = await mysqlServerAvailable();
const databases = testDatabases();

async function start(name: string) {
  const made = await databases.make(name);
  const database = mysqlDatabase({ connectionString: made.url });
  const things = database.store<Thing>();
  await things.init?.(thingsInit);
  return { ...made, database, things };
}

const thing = (name: string): Thing => ({ name, legs: 4, kind: 'cat' });

describe.runIf(available)('MariaDB creates that meet in one turn', () => {
  it('go as one unit, each caller getting its own record, all of them in the change log in order', async () => {
    const { database, things } = await start('batched');
    try {
      // Units the store runs: fewer than the creates when they went together.
      const { driver } = things as unknown as { driver: { write: (...args: unknown[]) => unknown } };
      const write = driver.write;
      let units = 0;
      driver.write = (...args: unknown[]) => {
        units++;
        return write(...args);
      };
      const position = await database.changes!.position({ fresh: true });
      const names = Array.from({ length: 20 }, (_, n) => `B${n}`);
      const records = await Promise.all(names.map((name) => things.create(thing(name))));
      expect(records.map((record) => record.data.name)).toEqual(names);
      for (const record of records) expect((await things.get(record.id)).status).toBe('found');
      expect(await things.count({})).toBe(20);
      expect(units).toBeLessThan(20);
      const batch = await database.changes!.read(position, 100);
      if (!('changes' in batch)) throw new Error('the log was reset');
      expect(batch.changes.map((change) => [change.kind, change.id, change.data?.name])).toEqual(
        records.map((record) => ['created', record.id, record.data.name]),
      );
    } finally {
      await database.close();
    }
  });

  it('refuse only the record that breaks a rule: the others are written alone', async () => {
    const { name, database, things } = await start('batch_rule');
    try {
      await databases.outside(name, `ALTER TABLE things ADD CONSTRAINT no_yeti CHECK (name <> 'Yeti')`);
      const alone = await things.create(thing('Yeti')).catch((error: unknown) => error);
      expect(alone).toBeInstanceOf(Error);
      const outcomes = await Promise.allSettled(['A', 'B', 'Yeti', 'C'].map((name) => things.create(thing(name))));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      const refused = (outcomes[2] as PromiseRejectedResult).reason as Error;
      expect([refused.constructor, refused.message]).toEqual([(alone as Error).constructor, (alone as Error).message]);
      const rows = await databases.outside(name, 'SELECT name FROM things ORDER BY name');
      expect(rows.map((row) => row.name)).toEqual(['A', 'B', 'C']);
    } finally {
      await database.close();
    }
  });
});
