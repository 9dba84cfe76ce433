import { checkedLimits } from './webhook-changes.js';
import type { DeadLetter, WebhookAttempt, WebhookLease, WebhookSubscription } from './webhook-store.js';

/** Bounds of what a store keeps per subscription. */
export interface WebhookStoreLimits {
  /** Attempts kept per subscription (the oldest go first); default 1000. */
  readonly keepAttempts: number;
  /** Dead letters kept per subscription; default 1000. */
  readonly keepDeadLetters: number;
}

/** A subscription as the memory store keeps it, with its lease and listings. */
export interface Entry {
  subscription: WebhookSubscription;
  holder?: string;
  claim: number;
  leaseUntil?: number;
  readyAt: number;
  woken: boolean;
  readonly attempts: WebhookAttempt[];
  deadLetters: DeadLetter[];
}

/** The entries of a memory store and the steps its parts share. */
export type MemoryEntries = ReturnType<typeof memoryEntries>;

/** Entries in a map, bounded by `limits`. */
export function memoryEntries(limits: Partial<WebhookStoreLimits>) {
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
  const log = (entry: Entry, attempt: WebhookAttempt | readonly WebhookAttempt[] | undefined) => {
    if (!attempt) return;
    if (Array.isArray(attempt)) entry.attempts.push(...(attempt as readonly WebhookAttempt[]));
    else entry.attempts.push(attempt as WebhookAttempt);
    if (entry.attempts.length > keepAttempts) entry.attempts.splice(0, entry.attempts.length - keepAttempts);
  };
  const delivery = (entry: Entry, fields: Partial<WebhookSubscription>, drop: (keyof WebhookSubscription)[] = []) => {
    const next: Record<string, unknown> = { ...entry.subscription, ...fields };
    for (const key of drop) delete next[key];
    entry.subscription = next as unknown as WebhookSubscription;
  };
  return { entries, owned, held, log, delivery, keepDeadLetters };
}
