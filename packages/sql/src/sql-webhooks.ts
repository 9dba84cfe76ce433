import { type WebhookStore, type WebhookStoreLimits, type WebhookSubscription, webhookRecords } from '@corral/core';

import type { KeptOn } from './kept-tables.js';
import { webhookDelivery } from './sql-webhook-delivery.js';
import { webhookTables } from './webhook-tables.js';
import { bodyOf, subscriptionOf, wholeMs } from './webhook-rows.js';

const { change: changedWebhook, paging: checkedPaging, create: newWebhook } = webhookRecords;

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
  const tables = webhookTables(kept, limits);
  const { driver, sql, ms, write, rows, lockedRow } = tables;
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
    ...webhookDelivery(tables),
  };
}
