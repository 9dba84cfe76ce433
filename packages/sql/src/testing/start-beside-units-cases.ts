import type { Store, StoreDatabase, StoreInit } from '@corral/core';
import { readChanges, thingsInit, type Thing } from '@corral/core/testing';
import { describe, expect, it } from 'vitest';

/** One instance of an API's database and its `things` store (a new field, `colour`, when started with it). */
export interface StartedInstance {
  database: StoreDatabase & { close(): Promise<void> };
  things: Store<Thing & { colour?: string }>;
}

/** A fresh database (or schema) for one case, where instances start as separate processes would. */
export interface StartPlace {
  /** Opens another instance there and starts its store with `init`. */
  start(init: StoreInit): Promise<StartedInstance>;
  /** What the store's DDL leaves behind (its triggers, say, with when each was made): unchanged by a start that changes nothing. */
  schemaMarks(): Promise<unknown>;
}

const cat: Thing = { name: 'Cat', legs: 4, kind: 'cat' };
/** Creates sent at once beside a start (within a pool of 10), and rounds of them while a change waits. */
const writers = 8;
const rounds = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds a unit of work of `on` open after a create, until the returned function is called. */
async function holdUnit(on: StartedInstance): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const unit = on.database.transaction(async (transaction) => {
    await on.things.create({ ...cat, name: 'Held' }, { transaction });
    wrote();
    await held;
  });
  await written;
  return async () => {
    release();
    await unit;
  };
}

/**
 * A change to a table waits for every open unit of work that wrote it, and the database queues
 * every later write behind the change: an instance starting beside a long unit must not stop the
 * writers of the instances already serving. `place(label)` gives a fresh place per case.
 */
export function startBesideUnitsCases(available: boolean, place: (label: string) => Promise<StartPlace>): void {
  describe.runIf(available)('starting beside units of work in progress', () => {
    it('changes nothing when nothing changed: another instance starts while a unit is open, and writers go on', async () => {
      const here = await place('start_same');
      const a = await here.start(thingsInit);
      const b = await here.start(thingsInit);
      const before = await here.schemaMarks();
      const release = await holdUnit(a);
      try {
        // Before, the start replaced its triggers: that waited for the open unit, and every write of
        // the table queued behind it (the creates below never ended). Many writers at once meanwhile.
        const [c] = await Promise.all([
          here.start(thingsInit),
          ...Array.from({ length: writers }, (_, n) => b.things.create({ ...cat, name: `Meanwhile ${n}` })),
        ]);
        await c.things.create({ ...cat, name: 'From the new instance' });
        expect(await here.schemaMarks()).toEqual(before);
        await c.database.close();
      } finally {
        await release();
      }
      expect((await b.things.list({ offset: 0, limit: 0 })).total).toBe(writers + 2);
      await Promise.all([a.database.close(), b.database.close()]);
    }, 30_000);

    it('steps aside while a change waits for an open unit: writers are served meanwhile, the change is made once it ends', async () => {
      const here = await place('start_changed');
      const a = await here.start(thingsInit);
      const b = await here.start(thingsInit);
      const release = await holdUnit(a);
      // A new field: a column to add, and triggers (or statements) that log it.
      const changed = { ...thingsInit, fields: { ...thingsInit.fields, colour: 'string' as const } };
      let started = false;
      const starting = here.start(changed).then((c) => {
        started = true;
        return c;
      });
      try {
        const waits: number[] = [];
        for (let round = 0; round < rounds; round++) {
          await Promise.all(
            Array.from({ length: writers }, async (_, n) => {
              const at = Date.now();
              await b.things.create({ ...cat, name: `Meanwhile ${round}.${n}` });
              waits.push(Date.now() - at);
            }),
          );
          await sleep(300);
        }
        expect(started).toBe(false); // still waiting for the open unit
        // A write waits at most for one try of the change (a second; five for a column on MariaDB), never for the open unit.
        expect(Math.max(...waits)).toBeLessThan(6_000);
      } finally {
        await release();
      }
      const c = await starting;
      const log = c.database.changes!;
      const from = await log.position({ fresh: true });
      const made = await c.things.create({ ...cat, name: 'Coloured', colour: 'red' });
      expect(await c.things.get(made.id)).toMatchObject({ record: { data: { colour: 'red' } } });
      // The log's row names the new column too (on MariaDB, written by the replaced trigger).
      const { changes } = await readChanges(log, from, 1);
      expect(changes.map((change) => [change.id, change.data?.colour])).toEqual([[made.id, 'red']]);
      expect((await b.things.list({ offset: 0, limit: 0 })).total).toBe(rounds * writers + 2);
      await Promise.all([a.database.close(), b.database.close(), c.database.close()]);
    }, 60_000);
  });
}
