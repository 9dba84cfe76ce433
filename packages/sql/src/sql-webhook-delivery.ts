import { type WebhookAttempt, type WebhookStore, webhookRecords, webhookStoreLimits } from '@corral/core';
import type { WebhookRow } from './webhook-rows.js';
import { subscriptionOf } from './webhook-rows.js';
import type { WebhookTables } from './webhook-tables.js';

/** What a delivering process calls: everything but the owner's reads and writes of subscriptions. */
export type WebhookDelivery = Omit<WebhookStore, 'create' | 'get' | 'list' | 'update' | 'delete' | 'disable' | 'close'>;

/**
 * Claims, held steps and listings of the SQL webhook store. A claim is one statement (`FOR UPDATE
 * SKIP LOCKED` where the engine has it) or a unit that locks what it takes; every later step names
 * its lease and changes nothing once the lease ran out or was taken over.
 */
export function webhookDelivery<C>(tables: WebhookTables<C>): WebhookDelivery {
  const { driver, dialect, sql, keepDeadLetters, ms, write, rows, logOn, leaseOf, step, lockedRow, page } = tables;
  return {
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
    advance: (lease, { now, attempt, attempts = [], position, delivered }) =>
      step(
        lease,
        now,
        delivered ? sql.delivered : sql.advance,
        [position],
        attempt ? [...attempts, attempt] : attempts,
      ),
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
      return webhookRecords.earliest(positions, before);
    },
  };
}
