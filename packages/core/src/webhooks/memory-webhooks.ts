import {
  changed,
  checkedCount,
  checkedLimits,
  checkedPaging,
  earliest,
  isoAt,
  newestFirst,
  newSubscription,
} from './webhook-changes.js';
import {
  type DeadLetter,
  type WebhookAttempt,
  type WebhookLease,
  type WebhookStore,
  type WebhookSubscription,
  webhookStoreLimits,
} from './webhook-store.js';

/** Bounds of what a store keeps per subscription. */
export interface WebhookStoreLimits {
  /** Attempts kept per subscription (the oldest go first); default 1000. */
  readonly keepAttempts: number;
  /** Dead letters kept per subscription; default 1000. */
  readonly keepDeadLetters: number;
}

interface Entry {
  subscription: WebhookSubscription;
  holder?: string;
  claim: number;
  leaseUntil?: number;
  readyAt: number;
  woken: boolean;
  readonly attempts: WebhookAttempt[];
  deadLetters: DeadLetter[];
}

/**
 * Webhook subscriptions in this process, lost when it stops: for tests and an API of one process.
 * Its claims follow the same rules as a database's, so a worker behaves alike on both.
 */
export function memoryWebhooks(limits: Partial<WebhookStoreLimits> = {}): WebhookStore {
  const { keepAttempts, keepDeadLetters } = checkedLimits(limits);
  const entries = new Map<string, Entry>();
  const owned = (id: string, owner?: string) => {
    const entry = entries.get(id);
    return entry && (owner === undefined || entry.subscription.owner === owner) ? entry : undefined;
  };
  /** The entry while `lease` is live at `now`. */
  const held = (lease: WebhookLease, now: number) => {
    const entry = entries.get(lease.id);
    const live = entry?.holder === lease.holder && entry.claim === lease.claim && (entry.leaseUntil ?? 0) > now;
    return live ? entry : undefined;
  };
  const log = (entry: Entry, attempt: WebhookAttempt | undefined) => {
    if (!attempt) return;
    entry.attempts.push(attempt);
    if (entry.attempts.length > keepAttempts) entry.attempts.splice(0, entry.attempts.length - keepAttempts);
  };
  const delivery = (entry: Entry, fields: Partial<WebhookSubscription>, drop: (keyof WebhookSubscription)[] = []) => {
    const next: Record<string, unknown> = { ...entry.subscription, ...fields };
    for (const key of drop) delete next[key];
    entry.subscription = next as unknown as WebhookSubscription;
  };

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
    async advance(lease, { now, attempt, position, delivered }) {
      const entry = held(lease, now);
      if (!entry) return false;
      delivery(entry, { position }, delivered ? ['failing', 'deadLetteringSince'] : ['failing']);
      log(entry, attempt);
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
