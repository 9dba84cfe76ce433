import { ApiError } from '@corral/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase, type PostgresDatabase } from './database.js';
import { isUnreachable, wasNotSent } from './outage.js';
import { onlyReads } from './statement-kind.js';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

describe('which statements only read', () => {
  it.each([
    'SELECT * FROM t WHERE id = $1',
    '  select count(*) FROM t',
    'WITH x AS (SELECT 1) SELECT * FROM x',
    'EXPLAIN (FORMAT JSON) SELECT 1 FROM t',
    '(SELECT 1) UNION (SELECT 2)',
  ])('reads: %s', (text) => expect(onlyReads(text)).toBe(true));

  it.each([
    'INSERT INTO t VALUES (1)',
    'UPDATE t SET a = 1',
    'DELETE FROM t',
    'WITH gone AS (DELETE FROM t RETURNING id) SELECT count(*) FROM gone',
    'SELECT * FROM t FOR UPDATE',
    "SELECT pg_notify('c', '')",
    "SELECT nextval('s')",
    'SELECT pg_advisory_xact_lock(1)',
    'SELECT * INTO copy FROM t',
    'CREATE TABLE t (a int)',
    'COMMIT',
  ])('writes: %s', (text) => expect(onlyReads(text)).toBe(false));
});

describe('how a failure to reach the database is told apart from a cut', () => {
  it.each([
    { code: 'ECONNREFUSED' },
    { code: '57P03', message: 'the database system is shutting down' },
    { code: '53300', message: 'too many clients' },
    new Error('timeout exceeded when trying to connect'),
  ])('unreachable: %o', (error) => expect(isUnreachable(error)).toBe(true));

  it.each([
    { code: '57P01', message: 'terminating connection due to administrator command' },
    new Error('Connection terminated unexpectedly'),
    { code: 'ECONNRESET' },
  ])('cut: %o', (error) => expect(isUnreachable(error)).toBe(false));

  it('knows a statement pg never sent', () => {
    expect(wasNotSent(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(wasNotSent(new Error('Connection terminated unexpectedly'))).toBe(false);
  });
});

const available = await serverAvailable();
const schema = freshSchemaName('cuts');
const application = `corral-cuts-${process.pid}`;
let database: PostgresDatabase;
let admin: pg.Client;

beforeAll(async () => {
  if (!available) return;
  database = postgresDatabase({ connectionString: testDatabaseUrl, schema, applicationName: application });
  admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.query(`CREATE TABLE "${schema}".kept (n integer)`);
  // A COMMIT that takes a while: a deferred constraint trigger runs at COMMIT, and sleeps.
  await admin.query(
    `CREATE FUNCTION "${schema}".slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.5); RETURN NULL; END $$`,
  );
  await admin.query(`CREATE TABLE "${schema}".slow_commit (n integer)`);
  await admin.query(
    `CREATE CONSTRAINT TRIGGER slow AFTER INSERT ON "${schema}".slow_commit DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "${schema}".slow()`,
  );
});
afterAll(async () => {
  if (!available) return;
  await database.close();
  await admin.end();
  await dropSchema(schema);
});

/** Terminates this test's backend once it runs a statement like `pattern`; resolves with how many it cut. */
async function cutWhenRunning(pattern: string): Promise<number> {
  for (let tries = 0; tries < 400; tries++) {
    const { rows } = await admin.query(
      `SELECT count(pg_terminate_backend(pid))::integer AS n FROM pg_stat_activity
       WHERE application_name = $1 AND state = 'active' AND query LIKE $2`,
      [application, pattern],
    );
    if (rows[0].n > 0) return rows[0].n;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no statement like ${pattern} ran`);
}

const count = async (table: string) =>
  Number((await admin.query(`SELECT count(*) AS n FROM "${schema}".${table}`)).rows[0].n);

describe.runIf(available)('a PostgreSQL database whose connections are cut', () => {
  it('runs a read cut mid-statement again on a fresh connection', async () => {
    const read = database.query(database.pool, 'SELECT 7 AS n FROM pg_sleep(0.3)');
    expect(await cutWhenRunning('SELECT 7 AS n FROM pg_sleep%')).toBe(1);
    expect((await read).rows).toEqual([{ n: 7 }]);
  });

  it('answers a write cut mid-statement with "outcome unknown": 503, code 1034, no Retry-After', async () => {
    const write = database.query(database.pool, `INSERT INTO "${schema}".kept SELECT 1 FROM pg_sleep(0.3)`);
    const failure = write.catch((error: unknown) => error);
    await cutWhenRunning('INSERT INTO %kept%');
    const error = await failure;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, errorCode: 1034, codeName: 'writeOutcomeUnknown', headers: {} });
  });

  /**
   * A unit that inserts `n` and then does `then` (given its connection and which run it is);
   * resolves with the number of runs once `cut` has cut it, and checks that `n` was kept once.
   */
  async function unitCutOnce(
    n: number,
    then: (on: pg.PoolClient, run: number) => Promise<unknown>,
    cut: () => Promise<unknown> = async () => undefined,
  ) {
    let run = 0;
    const unit = database.transaction(async (transaction) => {
      const on = database.unitOf({ transaction })!;
      await database.query(on, `INSERT INTO "${schema}".kept VALUES (${n})`);
      await then(on, ++run);
      return run;
    });
    await cut();
    const runs = await unit;
    const kept = await admin.query(`SELECT count(*)::integer AS n FROM "${schema}".kept WHERE n = $1`, [n]);
    return { runs, kept: kept.rows[0].n };
  }

  it('runs a unit of work cut before its COMMIT again, whole, and commits it once', async () => {
    const outcome = await unitCutOnce(
      2,
      (on) => database.query(on, 'SELECT 8 AS n FROM pg_sleep(0.3)'),
      () => cutWhenRunning('SELECT 8 AS n FROM pg_sleep%'),
    );
    expect(outcome).toEqual({ runs: 2, kept: 1 });
  });

  it('runs a unit again when its connection was cut while the body waited (held, no statement running)', async () => {
    const outcome = await unitCutOnce(3, async (on, run) => {
      if (run > 1) return;
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND state = 'idle in transaction'`,
        [application],
      );
      // The cut reaches the connection while nothing runs on it; the next statement finds it broken.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await database.query(on, 'SELECT 1').catch(() => 'the body swallows the error');
    });
    expect(outcome).toEqual({ runs: 2, kept: 1 });
  });

  it('answers a unit cut while its COMMIT was on the way with "outcome unknown", and does not run it again', async () => {
    const before = await count('slow_commit');
    let runs = 0;
    const unit = database
      .transaction(async (transaction) => {
        runs++;
        await database.query(database.unitOf({ transaction })!, `INSERT INTO "${schema}".slow_commit VALUES (1)`);
      })
      .catch((error: unknown) => error);
    await cutWhenRunning('COMMIT');
    expect(await unit).toMatchObject({ status: 503, errorCode: 1034 });
    expect(runs).toBe(1);
    // Here the cut came first (the trigger was still sleeping): the server rolled it back.
    expect(await count('slow_commit')).toBe(before);
  });

  it('gives a connection an error listener before its holder can add one, for as long as it lives', async () => {
    // The server's last words can come in the packet that completes the connection, before the
    // holder's code runs: the listener must already be there.
    const client = await database.pool.connect();
    expect(client.listenerCount('error')).toBeGreaterThan(0);
    client.release();
    expect(client.listenerCount('error')).toBeGreaterThan(0);
  });

  it("names its connections 'corral' unless told otherwise", async () => {
    const unnamed = postgresDatabase({ connectionString: testDatabaseUrl, schema });
    const { rows } = await unnamed.query(unnamed.pool, `SELECT current_setting('application_name') AS name`);
    await unnamed.close();
    expect(rows).toEqual([{ name: 'corral' }]);
  });

  it('serves again at once after a cut of every connection, and names its connections', async () => {
    await Promise.all(Array.from({ length: 5 }, () => database.query(database.pool, 'SELECT 1')));
    const { rows } = await admin.query(
      'SELECT count(pg_terminate_backend(pid))::integer AS n FROM pg_stat_activity WHERE application_name = $1',
      [application],
    );
    expect(rows[0].n).toBeGreaterThan(0);
    expect((await database.query(database.pool, 'SELECT 9 AS n')).rows).toEqual([{ n: 9 }]);
  });
});
