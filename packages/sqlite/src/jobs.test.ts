import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobFor, settledJob } from '@corral/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from './database.js';
import { jobStatements } from '@corral/sql';
import { sqliteDialect } from './dialect.js';
import { sqliteJobs } from './jobs.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-jobs-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const job = jobFor;
const settled = settledJob;

describe('jobs in the SQLite file', () => {
  it('finds waiting, pending and expired jobs through indexes, never reading a table of many finished jobs whole', async () => {
    const database = sqliteDatabase({ path: join(folder, 'plans.sqlite') });
    await sqliteJobs(database).get(crypto.randomUUID()); // the table is made on first use
    const plan = (sql: string) => {
      const statement = database.connection.prepare(`EXPLAIN QUERY PLAN ${sql}`);
      const count = Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((found) => Number(found[1])));
      return statement
        .all(...Array.from({ length: count }, () => 0))
        .map((row) => String(row.detail))
        .join('; ');
    };
    // A statement's own scan of corral_jobs shows as "SCAN corral_jobs"; an index search as "USING ... INDEX".
    const { claim, pending, expire } = jobStatements(sqliteDialect);
    for (const [name, sql] of Object.entries({ claim, pending, expire })) {
      expect(plan(sql), name).not.toMatch(/SCAN corral_jobs(?! USING)/);
      expect(plan(sql), name).toMatch(/corral_jobs_(waiting|finished)|USING INTEGER PRIMARY KEY/);
    }
    await database.close();
  });

  it('keeps queued jobs across a restart and runs again a job whose run died with its process', async () => {
    const path = join(folder, 'restart.sqlite');
    const first = sqliteDatabase({ path });
    const before = sqliteJobs(first, { leaseMs: 50 });
    const waiting = (await before.enqueue(job(1)))!;
    const died = (await before.enqueue(job(2)))!;
    // A run that claimed the second job when the process died: running, its lease out by now.
    first.connection
      .prepare(`UPDATE corral_jobs SET status = 'running', attempts = 1, lease_until = ? WHERE id = ?`)
      .run(Date.now() - 1, died.id);
    await before.close?.();
    await first.close();
    const second = sqliteDatabase({ path });
    const after = sqliteJobs(second);
    after.start(async (r) => ({ status: 200, body: `{"ran":${r.body}}` }));
    expect(await settled(after, waiting.id)).toMatchObject({ status: 'succeeded', result: { body: '{"ran":1}' } });
    expect(await settled(after, died.id)).toMatchObject({ status: 'succeeded', result: { body: '{"ran":2}' } });
    await after.close?.();
    await second.close();
  });

  it('keeps a job accepted while a unit of work is open, even when that unit fails', async () => {
    const database = sqliteDatabase({ path: ':memory:' });
    const jobs = sqliteJobs(database);
    const unit = database
      .transaction(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('the unit fails');
      })
      .catch(() => undefined);
    const accepted = (await jobs.enqueue(job(1)))!;
    await unit;
    expect(await jobs.get(accepted.id)).toMatchObject({ status: 'queued' });
    await database.close();
  });

  it('renews the lease of a long job, so it runs once', async () => {
    const database = sqliteDatabase({ path: ':memory:' });
    const jobs = sqliteJobs(database, { leaseMs: 60 });
    let runs = 0;
    jobs.start(async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 250));
      return { status: 200 };
    });
    const accepted = (await jobs.enqueue(job(1)))!;
    expect(await settled(jobs, accepted.id)).toMatchObject({ status: 'succeeded' });
    expect(runs).toBe(1);
    await jobs.close?.();
    await database.close();
  });
});
