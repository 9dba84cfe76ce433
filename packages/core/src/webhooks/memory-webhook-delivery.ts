import { checkedCount, earliest, isoAt, newestFirst } from './webhook-changes.js';
import { type WebhookStore, webhookStoreLimits } from './webhook-store.js';
import type { Entry, MemoryEntries } from './memory-entries.js';

/** What a delivering process calls: everything but the owner's reads and writes of subscriptions. */
export type MemoryDelivery = Omit<WebhookStore, 'create' | 'get' | 'list' | 'update' | 'delete' | 'disable' | 'close'>;

/** Claims and held steps of {@link memoryWebhooks}, by the same rules as a database's. */
export function memoryDelivery({
  entries,
  owned,
  held,
  log,
  delivery,
  keepDeadLetters,
}: MemoryEntries): MemoryDelivery {
  return {
    async claim(holder, leaseMs, now) {
      checkedCount('leaseMs', leaseMs);
      let next: Entry | undefined;
      for (const entry of entries.values())
        if (
          entry.subscription.status === 'active' &&
          entry.readyAt <= now &&
          (entry.leaseUntil === undefined || entry.leaseUntil <= now) &&
          (!next || entry.readyAt < next.readyAt)
        )
          next = entry;
      if (!next) return undefined;
      Object.assign(next, { holder, claim: next.claim + 1, leaseUntil: now + leaseMs, readyAt: now, woken: false });
      return { lease: { id: next.subscription.id, holder, claim: next.claim }, subscription: next.subscription };
    },
    async renew(lease, leaseMs, now) {
      checkedCount('leaseMs', leaseMs);
      const entry = held(lease, now);
      if (entry) entry.leaseUntil = now + leaseMs;
      return entry !== undefined;
    },
    async release(lease, { now, readyAt = now }) {
      const entry = entries.get(lease.id);
      if (entry?.holder !== lease.holder || entry.claim !== lease.claim) return;
      entry.readyAt = entry.woken ? now : readyAt;
      Object.assign(entry, { holder: undefined, leaseUntil: undefined, woken: false });
    },
    async wake(now) {
      for (const entry of entries.values()) {
        if (entry.subscription.status !== 'active' || entry.subscription.failing) continue;
        if (entry.leaseUntil !== undefined && entry.leaseUntil > now) entry.woken = true;
        else entry.readyAt = Math.min(entry.readyAt, now);
      }
    },
    async advance(lease, { now, attempt, attempts = [], position, delivered }) {
      const entry = held(lease, now);
      if (!entry) return false;
      delivery(entry, { position }, delivered ? ['failing', 'deadLetteringSince'] : ['failing']);
      log(entry, attempt ? [...attempts, attempt] : attempts);
      return true;
    },
    async retryLater(lease, { now, attempt, failing }) {
      const entry = held(lease, now);
      if (!entry) return false;
      delivery(entry, { failing });
      entry.woken = false; // new changes wait behind the failing event
      log(entry, attempt);
      return true;
    },
    async deadLetter(lease, { now, attempt, letter }) {
      const entry = held(lease, now);
      if (!entry) return false;
      const since = entry.subscription.deadLetteringSince ?? isoAt(now);
      delivery(entry, { position: letter.position, deadLetteringSince: since }, ['failing']);
      entry.deadLetters = [...entry.deadLetters.filter((kept) => kept.position !== letter.position), letter];
      if (entry.deadLetters.length > keepDeadLetters) entry.deadLetters.shift();
      log(entry, attempt);
      return true;
    },
    async resend(id, owner, position, now = Date.now()) {
      const entry = owned(id, owner);
      if (!entry) return 'missing';
      const { resends } = entry.subscription;
      if (resends.includes(position)) return 'queued';
      if (resends.length >= webhookStoreLimits.maxResends) return 'full';
      delivery(entry, { resends: [...resends, position] });
      entry.readyAt = Math.min(entry.readyAt, now);
      if (entry.leaseUntil !== undefined) entry.woken = true;
      return 'queued';
    },
    async resent(lease, { now, attempt, position }) {
      const entry = held(lease, now);
      if (!entry) return false;
      delivery(entry, { resends: entry.subscription.resends.filter((kept) => kept !== position) });
      log(entry, attempt);
      return true;
    },
    async recordAttempt(id, attempt) {
      const entry = entries.get(id);
      if (entry) log(entry, attempt);
    },
    async attempts(id, paging) {
      return newestFirst(entries.get(id)?.attempts ?? [], paging);
    },
    async deadLetters(id, paging) {
      return newestFirst(entries.get(id)?.deadLetters ?? [], paging);
    },
    async deadLetterAt(id, position) {
      return entries.get(id)?.deadLetters.find((letter) => letter.position === position);
    },
    async oldestPosition(before) {
      const active = [...entries.values()].filter((entry) => entry.subscription.status === 'active');
      return earliest(
        active.map((entry) => entry.subscription),
        before,
      );
    },
  };
}
