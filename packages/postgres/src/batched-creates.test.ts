import type { ApiError } from '@corral/core';
import { readChanges, thingsInit, type Thing } from '@corral/core/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from './database.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(schemas);
});

async function start(name: string, application = `corral-batches-${process.pid}`) {
  const schema = freshSchemaName(name);
  schemas.push(schema);
  const database = postgresDatabase({ connectionString: `${testDatabaseUrl}?application_name=${application}`, schema });
  const things = database.store<Thing>();
  await things.init?.(thingsInit);
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  const close = async () => {
    await admin.end();
    await database.close();
  };
  return { database, things, admin, table: `"${schema}"."things"`, close };
}

const thing = (name: string): Thing => ({ name, legs: 4, kind: 'cat' });

describe.runIf(available)('PostgreSQL creates that meet in one turn', () => {
  it('go as one statement, each caller getting its own record, all of them in the change log', async () => {
    const { database, things, close } = await start('batched');
    try {
      const before = await things.revision();
      const position = await database.changes!.position({ fresh: true });
      const names = Array.from({ length: 20 }, (_, n) => `B${n}`);
      const records = await Promise.all(names.map((name) => things.create(thing(name))));
      expect(records.map((record) => record.data.name)).toEqual(names);
      expect(new Set(records.map((record) => record.id)).size).toBe(20);
      for (const record of records) expect((await things.get(record.id)).status).toBe('found');
      // One write for the turn's twenty creates: one statement, one count.
      expect((await things.revision()) - before).toBe(1);
      expect(await things.count({})).toBe(20);
      // Waits while a transaction elsewhere on the server (another test's) holds the log's horizon.
      const batch = await readChanges(database.changes!, position, 20);
      expect(batch.changes.map((change) => [change.kind, change.id, change.data?.name])).toEqual(
        records.map((record) => ['created', record.id, record.data.name]),
      );
    } finally {
      await close();
    }
  });

  it('refuse only the record that breaks a rule: the others are written alone', async () => {
    const { things, admin, table, close } = await start('batch_rule');
    try {
      await admin.query(`ALTER TABLE ${table} ADD CONSTRAINT no_yeti CHECK (name <> 'Yeti')`);
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
      const { rows } = await admin.query(`SELECT name FROM ${table} ORDER BY name`);
      expect(rows.map((row) => row.name)).toEqual(['A', 'B', 'C', 'D']);
    } finally {
      await close();
    }
  });

  it('share an unknown outcome when the connection is cut under the statement, and are not written again', async () => {
    const application = `corral-batch-cut-${process.pid}`;
    const { things, admin, table, close } = await start('batch_cut', application);
    try {
      // Another session's lock holds the batch's statement in flight, so that the cut finds it there.
      await admin.query('BEGIN');
      await admin.query(`LOCK TABLE ${table} IN SHARE MODE`);
      const creates = Promise.allSettled(['X', 'Y', 'Z'].map((name) => things.create(thing(name))));
      for (;;) {
        const { rows } = await admin.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
          [application],
        );
        if (rows[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Only the backend the batch waits on: an idle connection of the pool cut too would fail the
      // next create below whenever the pool had not yet heard of that cut (a separate case, flaky here).
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
        [application],
      );
      const outcomes = await creates;
      await admin.query('COMMIT');
      expect(outcomes.map((outcome) => outcome.status === 'rejected' && (outcome.reason as ApiError).codeName)).toEqual(
        ['writeOutcomeUnknown', 'writeOutcomeUnknown', 'writeOutcomeUnknown'],
      );
      // None was tried again alone: nothing was written twice (here, nothing at all: the cut rolled it back).
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM ${table}`);
      expect(rows[0].n).toBe(0);
      // The store goes on.
      expect((await things.create(thing('After'))).data.name).toBe('After');
    } finally {
      await close();
    }
  });
});
