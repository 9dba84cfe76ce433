import { changed, checkedPaging, newSubscription } from './webhook-changes.js';
import type { WebhookStore } from './webhook-store.js';
import { memoryEntries, type WebhookStoreLimits } from './memory-entries.js';
import { memoryDelivery } from './memory-webhook-delivery.js';

export type { WebhookStoreLimits } from './memory-entries.js';

/**
 * Webhook subscriptions in this process, lost when it stops: for tests and an API of one process.
 * Its claims follow the same rules as a database's, so a worker behaves alike on both.
 */
export function memoryWebhooks(limits: Partial<WebhookStoreLimits> = {}): WebhookStore {
  const state = memoryEntries(limits);
  const { entries, owned } = state;
  return {
    async create(fields, now = Date.now()) {
      const subscription = newSubscription(crypto.randomUUID(), fields, now);
      entries.set(subscription.id, {
        subscription,
        claim: 0,
        readyAt: now,
        woken: false,
        attempts: [],
        deadLetters: [],
      });
      return subscription;
    },
    async get(id, owner) {
      return owned(id, owner)?.subscription;
    },
    async list(owner, paging) {
      const { offset, limit } = checkedPaging(paging);
      const mine = [...entries.values()].filter((entry) => entry.subscription.owner === owner);
      return { items: mine.slice(offset, offset + limit).map((entry) => entry.subscription), total: mine.length };
    },
    async update(id, owner, changes, { expectedVersion, now = Date.now() } = {}) {
      const entry = owned(id, owner);
      if (!entry) return { outcome: 'missing' };
      if (expectedVersion !== undefined && expectedVersion !== entry.subscription.version)
        return { outcome: 'stale', subscription: entry.subscription };
      entry.subscription = changed(entry.subscription, changes, now);
      if (entry.subscription.status === 'active') entry.readyAt = Math.min(entry.readyAt, now);
      return { outcome: 'done', subscription: entry.subscription };
    },
    async delete(id, owner, { expectedVersion } = {}) {
      const entry = owned(id, owner);
      if (!entry) return { outcome: 'missing' };
      if (expectedVersion !== undefined && expectedVersion !== entry.subscription.version)
        return { outcome: 'stale', subscription: entry.subscription };
      entries.delete(id);
      return { outcome: 'done', subscription: entry.subscription };
    },
    async disable(id, reason, now = Date.now()) {
      const entry = entries.get(id);
      if (!entry) return false;
      entry.subscription = changed(entry.subscription, { status: 'disabled', disabledReason: reason }, now);
      return true;
    },
    ...memoryDelivery(state),
  };
}
