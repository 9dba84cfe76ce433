import { afterAll, describe, expect, it } from 'vitest';
import { type PostgresTransaction, postgresDatabase } from './database.js';
import { raceAttempts } from './retry.js';
import { serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const database = postgresDatabase({ connectionString: testDatabaseUrl });
afterAll(() => database.close());

/** An error as pg reports a lost race. */
const lost = (code: string) => Object.assign(new Error('could not serialize access'), { code });

describe.runIf(available)('PostgreSQL units of work', () => {
  it('are serializable unless read committed is asked for', async () => {
    const isolation = (transaction: unknown) =>
      (transaction as PostgresTransaction).client
        .query('SHOW transaction_isolation')
        .then((result) => result.rows[0].transaction_isolation as string);
    expect(await database.transaction(isolation)).toBe('serializable');
    expect(await database.transaction(isolation, { isolation: 'read-committed' })).toBe('read committed');
  });

  it('run again inside when they lose a race, until one run gets through', async () => {
    let runs = 0;
    const result = await database.transaction(async () => {
      runs++;
      if (runs < raceAttempts) throw lost(runs % 2 ? '40001' : '40P01');
      return 'kept';
    });
    expect([result, runs]).toEqual(['kept', raceAttempts]);
  });

  it('give up after a bounded number of runs and a bounded wait, with a 503', async () => {
    let runs = 0;
    const started = performance.now();
    const error = await database
      .transaction(async () => {
        runs++;
        throw lost('40001');
      })
      .catch((caught: unknown) => caught as { status?: number });
    expect([error.status, runs]).toEqual([503, raceAttempts]);
    // Waits of at most 2, 4, ... 128 ms between runs: under a second in all, with the statements.
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('run an error that is not a lost race once', async () => {
    let runs = 0;
    await expect(
      database.transaction(async () => {
        runs++;
        throw Object.assign(new Error('duplicate'), { code: '23505' });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});
