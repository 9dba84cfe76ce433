import {
  type WebhookAttempt,
  type WebhookLease,
  type WebhookPage,
  type WebhookStore,
  type WebhookStoreLimits,
  type WebhookSubscription,
  webhookRecords,
  webhookStoreLimits,
} from '@corral/core';

import { keptTable, type KeptOn } from './kept-tables.js';
import { webhookStatements } from './webhook-statements.js';
import { bodyOf, subscriptionOf, type WebhookRow, wholeMs } from './webhook-rows.js';

const {
  change: changedWebhook,
  paging: checkedPaging,
  earliest: earliestPosition,
  create: newWebhook,
} = webhookRecords;

/** The dead-letter run's start as the column keeps it. */
const deadSince = (subscription: WebhookSubscription) =>
  subscription.deadLetteringSince === undefined ? null : Date.parse(subscription.deadLetteringSince);

/**
 * Webhook subscriptions and their delivery state in tables of the database, shared by every
 * process using it. A claim is one statement (`FOR UPDATE SKIP LOCKED` where the engine has it)
 * or a unit that locks what it takes; every later step of the holder names its lease and changes
 * nothing once the lease ran out. Times are whole ms of the callers' clock.
 */
export function sqlWebhooks<C>(kept: KeptOn<C>, limits: Partial<WebhookStoreLimits> = {}): WebhookStore {
  const { driver, dialect } = kept;
  const { keepAttempts, keepDeadLetters } = webhookRecords.limits(limits);
  const sql = webhookStatements(dialect);
  const ready = keptTable(kept, dialect.kept.webhooksTable());
  const ms = (value: number) => Math.floor(value);
  const write = async <R>(atomic: boolean, body: (on: C) => Promise<R>) => {
    await ready();
    return driver.write(undefined, atomic, body);
  };
  const rows = async (text: string, values: readonly unknown[]) => {
    await ready();
    return (await driver.rows(driver.readsOn(undefined), text, values)) as WebhookRow[];
  };
  const logOn = async (on: C, id: string, attempt: WebhookAttempt | undefined) => {
    if (!attempt) return;
    await driver.run(on, sql.attempt, [id, JSON.stringify(attempt)]);
    await driver.run(on, sql.boundAttempts, [id, keepAttempts]);
  };
  const leaseOf = (lease: WebhookLease, now: number) => [lease.id, lease.holder, lease.claim, ms(now)];
  /** One statement of a held step, and its attempt when it still held. */
  const step = (lease: WebhookLease, now: number, text: string, values: unknown[], attempt?: WebhookAttempt) =>
    write(true, async (on) => {
      if ((await driver.run(on, text, [...leaseOf(lease, now), ...values])) !== 1) return false;
      await logOn(on, lease.id, attempt);
      return true;
    });
  /** The row of `id` locked for a change, when it is `owner`'s (any owner's without one). */
  const lockedRow = async (on: C, id: string, owner?: string) => {
    const [row] = (await driver.rows(on, sql.locked, [id])) as WebhookRow[];
    return row && (owner === undefined || row.owner === owner) ? row : undefined;
  };
  const page = async <T>(list: string, count: string, id: string, paging: { offset: number; limit: number }) => {
    const { offset, limit } = checkedPaging(paging);
    const items = (await rows(list, [id, limit, offset])).map((row) => JSON.parse(String(row.body)) as T);
    const [total] = await rows(count, [id]);
    return { items, total: Number(total!.n) } satisfies WebhookPage<T>;
  };

  return {
    async create(fields, now = Date.now()) {
      const made = newWebhook(crypto.randomUUID(), fields, ms(now));
      await write(false, async (on) => {
        const values = [
          made.id,
          made.owner,
          ms(now),
          made.status,
          made.version,
          bodyOf(made),
          made.position,
          '[]',
          ms(now),
        ];
        await driver.run(on, sql.insert, values);
      });
      return made;
    },
    async get(id, owner) {
      const [row] = await rows(sql.one, [id]);
      return row && (owner === undefined || row.owner === owner) ? subscriptionOf(row) : undefined;
    },
    async list(owner, paging) {
      const { offset, limit } = checkedPaging(paging);
      const items = (await rows(sql.list, [owner, limit, offset])).map(subscriptionOf);
      const [total] = await rows(sql.count, [owner]);
      return { items, total: Number(total!.n) };
    },
    update: (id, owner, changes, { expectedVersion, now = Date.now() } = {}) =>
      write(true, async (on) => {
        const row = await lockedRow(on, id, owner);
        if (!row) return { outcome: 'missing' } as const;
        const current = subscriptionOf(row);
        if (expectedVersion !== undefined && expectedVersion !== current.version)
          return { outcome: 'stale', subscription: current } as const;
        const next = changedWebhook(current, changes, ms(now));
        const readyAt = next.status === 'active' ? Math.min(wholeMs(row.ready_at), ms(now)) : wholeMs(row.ready_at);
        await driver.run(on, sql.change, [id, next.status, next.version, bodyOf(next), readyAt, deadSince(next)]);
        return { outcome: 'done', subscription: next } as const;
      }),
    delete: (id, owner, { expectedVersion } = {}) =>
      write(true, async (on) => {
        const row = await lockedRow(on, id, owner);
        if (!row) return { outcome: 'missing' } as const;
        const current = subscriptionOf(row);
        if (expectedVersion !== undefined && expectedVersion !== current.version)
          return { outcome: 'stale', subscription: current } as const;
        for (const statement of sql.remove) await driver.run(on, statement, [id]);
        return { outcome: 'done', subscription: current } as const;
      }),
    disable: (id, reason, now = Date.now()) =>
      write(true, async (on) => {
        const row = await lockedRow(on, id);
        if (!row) return false;
        const next = changedWebhook(subscriptionOf(row), { status: 'disabled', disabledReason: reason }, ms(now));
        await driver.run(on, sql.change, [
          id,
          ...[next.status, next.version, bodyOf(next)],
          row.ready_at,
          deadSince(next),
        ]);
        return true;
      }),
    async claim(holder, leaseMs, now) {
      webhookRecords.count('leaseMs', leaseMs);
      const values = [ms(now), holder, ms(now + leaseMs)];
      const row = dialect.can.returningOnUpdate
        ? await write(
            false,
            async (on) => ((await driver.rows(on, sql.claim, values, { writes: true })) as WebhookRow[])[0],
          )
        : await write(true, async (on) => {
            const [next] = (await driver.rows(on, sql.next, [ms(now)])) as WebhookRow[];
            if (!next) return undefined;
            await driver.run(on, sql.take, [...values, next.id]);
            return ((await driver.rows(on, sql.one, [next.id])) as WebhookRow[])[0];
          });
      if (!row) return undefined;
      const lease = { id: String(row.id), holder, claim: Number(row.claims) };
      return { lease, subscription: subscriptionOf(row) };
    },
    async renew(lease, leaseMs, now) {
      webhookRecords.count('leaseMs', leaseMs);
      return step(lease, now, sql.renew, [ms(now + leaseMs)]);
    },
    async release(lease, { now, readyAt = now }) {
      await write(false, async (on) => {
        await driver.run(on, sql.release, [lease.id, lease.holder, lease.claim, ms(now), ms(readyAt)]);
      });
    },
    async wake(now) {
      await write(false, async (on) => void (await driver.run(on, sql.wake, [ms(now)])));
    },
    advance: (lease, { now, attempt, position, delivered }) =>
      step(lease, now, delivered ? sql.delivered : sql.advance, [position], attempt),
    retryLater: (lease, { now, attempt, failing }) =>
      step(lease, now, sql.retryLater, [JSON.stringify(failing)], attempt),
    deadLetter: (lease, { now, attempt, letter }) =>
      write(true, async (on) => {
        if ((await driver.run(on, sql.deadLetter, [...leaseOf(lease, now), letter.position])) !== 1) return false;
        await driver.run(on, sql.dropLetter, [lease.id, letter.position]);
        await driver.run(on, sql.letter, [lease.id, letter.position, JSON.stringify(letter)]);
        await driver.run(on, sql.boundLetters, [lease.id, keepDeadLetters]);
        await logOn(on, lease.id, attempt);
        return true;
      }),
    resend: (id, owner, position, now = Date.now()) =>
      write(true, async (on) => {
        const row = await lockedRow(on, id, owner);
        if (!row) return 'missing' as const;
        const resends = JSON.parse(String(row.resends)) as string[];
        if (resends.includes(position)) return 'queued' as const;
        if (resends.length >= webhookStoreLimits.maxResends) return 'full' as const;
        await driver.run(on, sql.resend, [id, JSON.stringify([...resends, position]), ms(now)]);
        return 'queued' as const;
      }),
    resent: (lease, { now, attempt, position }) =>
      write(true, async (on) => {
        const row = await lockedRow(on, lease.id);
        const resends = (JSON.parse(String(row?.resends ?? '[]')) as string[]).filter((kept) => kept !== position);
        if ((await driver.run(on, sql.resent, [...leaseOf(lease, now), JSON.stringify(resends)])) !== 1) return false;
        await logOn(on, lease.id, attempt);
        return true;
      }),
    recordAttempt: (id, attempt) => write(true, (on) => logOn(on, id, attempt)),
    attempts: (id, paging) => page<WebhookAttempt>(sql.attempts, sql.attemptCount, id, paging),
    deadLetters: (id, paging) => page(sql.letters, sql.letterCount, id, paging),
    async deadLetterAt(id, position) {
      const [row] = await rows(sql.letterAt, [id, position]);
      return row ? JSON.parse(String(row.body)) : undefined;
    },
    async oldestPosition(before) {
      const active = await rows(sql.active, []);
      const positions = active.map((row) => ({
        position: String(row.log_position),
        ...(row.failing !== null ? { failing: JSON.parse(String(row.failing)) } : {}),
      }));
      return earliestPosition(positions, before);
    },
  };
}
