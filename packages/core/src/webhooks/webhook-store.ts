import type { StoredPrincipal } from '../jobs/job-store.js';

/** Signing secrets: the current one, and during a rotation the previous one until it expires. */
export interface WebhookSecrets {
  readonly current: string;
  readonly previous?: { readonly secret: string; readonly expiresAt: string };
}

/** The event a subscription waits behind: order per subscription holds while it is retried. */
export interface FailingDelivery {
  /** The event's position in the change log. */
  readonly position: string;
  /** Attempts made so far. */
  readonly attempts: number;
  /** When the first attempt failed, and when the next is due (ISO 8601). */
  readonly firstFailedAt: string;
  readonly nextAttemptAt: string;
}

/** A webhook subscription with its delivery state; times are ISO 8601. */
export interface WebhookSubscription {
  readonly id: string;
  /** The subject of the token that made it: only it sees and changes the subscription. */
  readonly owner: string;
  readonly url: string;
  /** Event names, e.g. `animals.created` or `animals.*`. */
  readonly events: readonly string[];
  /** Query parameters of one collection's declared filters, kept as given. */
  readonly filter?: Readonly<Record<string, unknown>>;
  /** The scopes deliveries are judged with (those of the creating token, never wider). */
  readonly scopes: readonly string[];
  /** The caller that made it, as jobs keep one. */
  readonly principal: StoredPrincipal;
  readonly secrets: WebhookSecrets;
  readonly status: 'active' | 'disabled';
  /** Why it was disabled. */
  readonly disabledReason?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Grows with every change of the fields above (ETag, If-Match); delivery state leaves it alone. */
  readonly version: number;
  /** The log position delivered through: the changes after it remain. */
  readonly position: string;
  readonly failing?: FailingDelivery;
  /** Since when every event has been dead-lettered (unset once one is delivered). */
  readonly deadLetteringSince?: string;
  /** Positions asked to be sent again, oldest request first. */
  readonly resends: readonly string[];
}

/** What `create` needs; the store gives the id, times, version and delivery state. */
export interface NewWebhookSubscription {
  readonly owner: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly filter?: Readonly<Record<string, unknown>>;
  readonly scopes: readonly string[];
  readonly principal: StoredPrincipal;
  readonly secrets: WebhookSecrets;
  /** The log's position when it was made: delivery starts after it. */
  readonly position: string;
}

/** The fields `update` may change; `filter: null` removes the filter; `status: 'active'` clears the reason. */
export interface WebhookChanges {
  readonly url?: string;
  readonly events?: readonly string[];
  readonly filter?: Readonly<Record<string, unknown>> | null;
  readonly secrets?: WebhookSecrets;
  readonly status?: 'active' | 'disabled';
  readonly disabledReason?: string;
}

/** One attempt to deliver an event (or to send it again). */
export interface WebhookAttempt {
  readonly at: string;
  readonly position: string;
  readonly webhookId: string;
  /** The receiver's HTTP status; absent when none came (timeout, refused connection). */
  readonly status?: number;
  readonly durationMs: number;
  readonly error?: string;
  /** The start of the receiver's answer. */
  readonly excerpt?: string;
}

/** An event whose retries were spent; it can be sent again. */
export interface DeadLetter {
  readonly position: string;
  readonly at: string;
  readonly webhookId: string;
  readonly attempts: number;
  readonly error?: string;
  /** The body as sent, so it can be sent again after the log has pruned the event. */
  readonly payload?: string;
}

/** A page of a listing, newest first, and how many there are in all. */
export interface WebhookPage<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** Offset and limit of a listing. */
export interface WebhookPaging {
  readonly offset: number;
  readonly limit: number;
}

/** Who holds a subscription: only this claim may move its delivery state. */
export interface WebhookLease {
  readonly id: string;
  readonly holder: string;
  /** Counts the subscription's claims: a claim taken over by another is told apart. */
  readonly claim: number;
}

/** What `update` and `delete` found. */
export type WebhookOutcome =
  | { readonly outcome: 'done'; readonly subscription: WebhookSubscription }
  | { readonly outcome: 'missing' }
  | { readonly outcome: 'stale'; readonly subscription: WebhookSubscription };

/** A move of the delivery state by a lease holder: `now` (ms) decides whether the lease still holds. */
interface HeldStep {
  readonly now: number;
  /** The attempt to log with the step, in the same write. */
  readonly attempt?: WebhookAttempt;
}

/**
 * Keeps webhook subscriptions and their delivery state, shared by every process of an API. A
 * delivering process claims a subscription under a lease (`claim`), reads the log after its
 * position, and moves the position on (`advance`, `deadLetter`) or waits behind a failing event
 * (`retryLater`); only the holder of a live lease moves it. Owner-scoped calls answer as if a
 * subscription of another owner did not exist. `now` values are ms since the epoch.
 */
export interface WebhookStore {
  create(subscription: NewWebhookSubscription, now?: number): Promise<WebhookSubscription>;
  /** A subscription; with `owner`, only when it is theirs. */
  get(id: string, owner?: string): Promise<WebhookSubscription | undefined>;
  /** The owner's subscriptions, oldest first. */
  list(owner: string, paging: WebhookPaging): Promise<WebhookPage<WebhookSubscription>>;
  update(
    id: string,
    owner: string,
    changes: WebhookChanges,
    options?: { readonly expectedVersion?: number; readonly now?: number },
  ): Promise<WebhookOutcome>;
  /** Deletes it with its attempts and dead letters. */
  delete(id: string, owner: string, options?: { readonly expectedVersion?: number }): Promise<WebhookOutcome>;
  /** Disables it (a 410 from the receiver, or events dead-lettered for too long); false when unknown. */
  disable(id: string, reason: string, now?: number): Promise<boolean>;

  /**
   * An active subscription ready to work on, now held by `holder` until `now + leaseMs`; none is
   * held by two claims at once, and one whose holder stopped renewing is claimable after its lease.
   */
  claim(
    holder: string,
    leaseMs: number,
    now: number,
  ): Promise<{ lease: WebhookLease; subscription: WebhookSubscription } | undefined>;
  /** Extends a live lease; false when it ran out or was taken over. */
  renew(lease: WebhookLease, leaseMs: number, now: number): Promise<boolean>;
  /**
   * Lets go; the subscription is ready again at `readyAt` (default `now`), or at once when `wake`
   * or `resend` asked for it meanwhile (a `retryLater` since cancels a `wake`).
   */
  release(lease: WebhookLease, options: { readonly now: number; readonly readyAt?: number }): Promise<void>;
  /** Marks every active subscription not waiting behind a failing event ready now (changes were committed). */
  wake(now: number): Promise<void>;
  /** Delivered through `position` (`delivered`: an event reached the receiver, ending a dead-letter run). */
  advance(
    lease: WebhookLease,
    step: HeldStep & { readonly position: string; readonly delivered: boolean },
  ): Promise<boolean>;
  /** The event at `failing.position` failed: the subscription waits behind it. */
  retryLater(lease: WebhookLease, step: HeldStep & { readonly failing: FailingDelivery }): Promise<boolean>;
  /** Gives up on an event: kept as a dead letter, delivery goes on after it. */
  deadLetter(lease: WebhookLease, step: HeldStep & { readonly letter: DeadLetter }): Promise<boolean>;
  /** Asks for the event at `position` to be sent again; `full` past 100 waiting. */
  resend(id: string, owner: string, position: string, now?: number): Promise<'queued' | 'missing' | 'full'>;
  /** A resend was sent (or given up): it leaves the list. */
  resent(lease: WebhookLease, step: HeldStep & { readonly position: string }): Promise<boolean>;

  /** Logs an attempt outside a held step; the oldest beyond the store's bound are dropped. */
  recordAttempt(id: string, attempt: WebhookAttempt): Promise<void>;
  /** Attempts, newest first. */
  attempts(id: string, paging: WebhookPaging): Promise<WebhookPage<WebhookAttempt>>;
  /** Dead letters, newest first. */
  deadLetters(id: string, paging: WebhookPaging): Promise<WebhookPage<DeadLetter>>;
  deadLetterAt(id: string, position: string): Promise<DeadLetter | undefined>;

  /**
   * The earliest position an active subscription still needs (its position, or its failing
   * event's), compared with the log's `before`: what `database.holdChanges` keeps.
   */
  oldestPosition(before: (a: string, b: string) => boolean): Promise<string | undefined>;
  close?(): Promise<void>;
}

/** How many attempts and dead letters a store keeps per subscription by default, and resends waiting at most. */
export const webhookStoreLimits: {
  readonly keepAttempts: number;
  readonly keepDeadLetters: number;
  readonly maxResends: number;
} = { keepAttempts: 1000, keepDeadLetters: 1000, maxResends: 100 };
