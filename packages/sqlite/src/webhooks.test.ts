import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readChanges, type Thing, thingsInit, webhookFor } from '@corral/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookStatements } from '@corral/sql';
import { sqliteDatabase } from './database.js';
import { sqliteDialect } from './dialect.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'hooks-store-sqlite-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const cat: Thing = { name: 'Cat', legs: 4, kind: 'cat', tags: [] };

describe('webhook subscriptions in the SQLite file', () => {
  it('keeps the changes a subscription still has to deliver from pruning, and lets them go once delivered', async () => {
    const database = sqliteDatabase({ path: join(folder, 'hold.sqlite'), changeRetention: 50 });
    const things = database.store<Thing>();
    await things.init?.(thingsInit);
    const log = database.changes!;
    const webhooks = database.webhooks();
    const made = await webhooks.create(webhookFor('ann', await log.position({ fresh: true })));
    database.holdChanges(() => webhooks.oldestPosition((a, b) => log.before(a, b)));
    await things.create(cat);
    await things.create({ ...cat, name: 'B' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await log.prune();
    const waiting = await readChanges(log, made.position, 2);
    expect(waiting.changes.map((change) => change.data?.name)).toEqual(['Cat', 'B']);
    // Delivered through the first: it may go, the second stays.
    const { lease } = (await webhooks.claim('me', 10_000, Date.now()))!;
    await webhooks.advance(lease, { now: Date.now(), position: waiting.changes[0]!.position, delivered: true });
    await log.prune();
    expect(await log.read(made.position, 10)).toMatchObject({ reset: 'expired' });
    const kept = await readChanges(log, waiting.changes[0]!.position, 1);
    expect(kept.changes.map((change) => change.data?.name)).toEqual(['B']);
    await database.close();
  });

  it('finds a subscription to claim through an index, never reading the table whole', async () => {
    const database = sqliteDatabase({ path: join(folder, 'plans.sqlite') });
    await database.webhooks().get('none'); // the tables are made on first use
    const plan = (sql: string, count: number) =>
      database.connection
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...Array.from({ length: count }, () => 0))
        .map((row) => String(row.detail))
        .join('; ');
    const { next, attempts, letters } = webhookStatements(sqliteDialect);
    expect(plan(next, 1)).toMatch(/corral_webhooks_ready/);
    expect(plan(letters, 3)).toMatch(/corral_webhook_dead_letters_of/);
    expect(plan(attempts, 3)).toMatch(/corral_webhook_attempts_of/);
    await database.close();
  });
});
