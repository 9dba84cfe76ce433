import type { StoredPrincipal } from '../jobs/job-store.js';

/** Signing secrets: the current one, and during a rotation the previous one until it expires. */
export interface WebhookSecrets {
  /** The secret new deliveries are signed with. */
  readonly current: string;
  /** The secret it replaced, still signed with until `expiresAt` (ISO 8601). */
  readonly previous?: {
    /** The secret replaced. */
    readonly secret: string;
    /** Until when it is still signed with (ISO 8601). */
    readonly expiresAt: string;
  };
}

/** The event a subscription waits behind: order per subscription holds while it is retried. */
export interface FailingDelivery {
  /** The event's position in the change log. */
  readonly position: string;
  /** Attempts made so far. */
  readonly attempts: number;
  /** When the first attempt failed, and when the next is due (ISO 8601). */
  readonly firstFailedAt: string;
  /** When it is tried again (ISO 8601). */
  readonly nextAttemptAt: string;
}

/** A webhook subscription with its delivery state; times are ISO 8601. */
export interface WebhookSubscription {
  /** Its id. */
  readonly id: string;
  /** The subject of the token that made it: only it sees and changes the subscription. */
  readonly owner: string;
  /** Where events are sent. */
  readonly url: string;
  /** Event names, e.g. `animals.created` or `animals.*`. */
  readonly events: readonly string[];
  /** Query parameters of one collection's declared filters, kept as given. */
  readonly filter?: Readonly<Record<string, unknown>>;
  /** The scopes deliveries are judged with (those of the creating token, never wider). */
  readonly scopes: readonly string[];
  /** The caller that made it, as jobs keep one. */
  readonly principal: StoredPrincipal;
  /** The signing secrets. */
  readonly secrets: WebhookSecrets;
  /** Whether events are sent. */
  readonly status: 'active' | 'disabled';
  /** Why it was disabled. */
  readonly disabledReason?: string;
  /** When it was made (ISO 8601). */
  readonly createdAt: string;
  /** When its own fields last changed (ISO 8601). */
  readonly updatedAt: string;
  /** Grows with every change of the fields above (ETag, If-Match); delivery state leaves it alone. */
  readonly version: number;
  /** The log position delivered through: the changes after it remain. */
  readonly position: string;
  /** The event being retried, which later events wait behind. */
  readonly failing?: FailingDelivery;
  /** Since when every event has been dead-lettered (unset once one is delivered). */
  readonly deadLetteringSince?: string;
  /** Positions asked to be sent again, oldest request first. */
  readonly resends: readonly string[];
}

/** What `create` needs; the store gives the id, times, version and delivery state. */
export interface NewWebhookSubscription {
  /** The subject of the token that made it: only it sees the subscription. */
  readonly owner: string;
  /** Where events are sent. */
  readonly url: string;
  /** The events sent (`animals.created`, `animals.*`). */
  readonly events: readonly string[];
  /** Query parameters of the collection's declared filters an event's record must match. */
  readonly filter?: Readonly<Record<string, unknown>>;
  /** The scopes of the token that made it (never more). */
  readonly scopes: readonly string[];
  /** The caller whose rules decide what it receives. */
  readonly principal: StoredPrincipal;
  /** The signing secrets. */
  readonly secrets: WebhookSecrets;
  /** The log's position when it was made: delivery starts after it. */
  readonly position: string;
}

/** The fields `update` may change; `filter: null` removes the filter; `status: 'active'` clears the reason. */
export interface WebhookChanges {
  /** A new destination. */
  readonly url?: string;
  /** New events to send. */
  readonly events?: readonly string[];
  /** A new filter, or `null` for none. */
  readonly filter?: Readonly<Record<string, unknown>> | null;
  /** New signing secrets (a rotation). */
  readonly secrets?: WebhookSecrets;
  /** Pause (`disabled`) or resume (`active`). */
  readonly status?: 'active' | 'disabled';
  /** Why it was disabled. */
  readonly disabledReason?: string;
}

/** One attempt to deliver an event (or to send it again). */
export interface WebhookAttempt {
  /** When it was made (ISO 8601). */
  readonly at: string;
  /** The position of the event sent. */
  readonly position: string;
  /** The `webhook-id` sent (the same for every attempt of one event). */
  readonly webhookId: string;
  /** The receiver's HTTP status; absent when none came (timeout, refused connection). */
  readonly status?: number;
  /** How long it took. */
  readonly durationMs: number;
  /** Why it failed without an answer (timeout, refused connection, destination). */
  readonly error?: string;
  /** The start of the receiver's answer. */
  readonly excerpt?: string;
}

/** An event whose retries were spent; it can be sent again. */
export interface DeadLetter {
  /** The position of the event given up on. */
  readonly position: string;
  /** When it was given up (ISO 8601). */
  readonly at: string;
  /** The `webhook-id` it was sent with. */
  readonly webhookId: string;
  /** How many attempts were made. */
  readonly attempts: number;
  /** What the last attempt ended with. */
  readonly error?: string;
  /** The body as sent, so it can be sent again after the log has pruned the event. */
  readonly payload?: string;
}

/** A page of a listing, newest first, and how many there are in all. */
export interface WebhookPage<T> {
  /** The page. */
  readonly items: readonly T[];
  /** How many there are in all. */
  readonly total: number;
}

/** Offset and limit of a listing. */
export interface WebhookPaging {
  /** How many to skip. */
  readonly offset: number;
  /** How many to give at most. */
  readonly limit: number;
}

/** Who holds a subscription: only this claim may move its delivery state. */
export interface WebhookLease {
  /** The subscription held. */
  readonly id: string;
  /** Who holds it (an instance). */
  readonly holder: string;
  /** Counts the subscription's claims: a claim taken over by another is told apart. */
  readonly claim: number;
}

/** What `update` and `delete` found. */
export type WebhookOutcome =
  | {
      /** Done: the subscription as it is now. */
      readonly outcome: 'done';
      /** The subscription as it is now. */
      readonly subscription: WebhookSubscription;
    }
  | {
      /** No such subscription (or another owner's). */
      readonly outcome: 'missing';
    }
  | {
      /** Its version is not the one expected: nothing was changed. */
      readonly outcome: 'stale';
      /** The subscription as it is. */
      readonly subscription: WebhookSubscription;
    };

/** A move of the delivery state by a lease holder: `now` (ms) decides whether the lease still holds. */
export interface HeldStep {
  /** The caller's clock (ms since 1970): the lease must still be live then. */
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
  /** Stores a new subscription (version 1, active). */
  create(subscription: NewWebhookSubscription, now?: number): Promise<WebhookSubscription>;
  /** A subscription; with `owner`, only when it is theirs. */
  get(id: string, owner?: string): Promise<WebhookSubscription | undefined>;
  /** The owner's subscriptions, oldest first. */
  list(owner: string, paging: WebhookPaging): Promise<WebhookPage<WebhookSubscription>>;
  /** Changes the owner's subscription, only if its version is still `expectedVersion` when given. */
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
  ): Promise<
    | {
        /** What proves the hold in later steps. */
        lease: WebhookLease;
        /** The subscription as claimed. */
        subscription: WebhookSubscription;
      }
    | undefined
  >;
  /** Extends a live lease; false when it ran out or was taken over. */
  renew(lease: WebhookLease, leaseMs: number, now: number): Promise<boolean>;
  /**
   * Lets go; the subscription is ready again at `readyAt` (default `now`), or at once when `wake`
   * or `resend` asked for it meanwhile (a `retryLater` since cancels a `wake`).
   */
  release(lease: WebhookLease, options: { readonly now: number; readonly readyAt?: number }): Promise<void>;
  /** Marks every active subscription not waiting behind a failing event ready now (changes were committed). */
  wake(now: number): Promise<void>;
  /**
   * Delivered through `position` (`delivered`: an event reached the receiver, ending a dead-letter
   * run); `attempts` are the successful attempts of a batch, logged in order in the same write.
   */
  advance(
    lease: WebhookLease,
    step: HeldStep & {
      readonly position: string;
      readonly delivered: boolean;
      readonly attempts?: readonly WebhookAttempt[];
    },
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
  /** The dead letter of one event, to send it again. */
  deadLetterAt(id: string, position: string): Promise<DeadLetter | undefined>;

  /**
   * The earliest position an active subscription still needs (its position, or its failing
   * event's), compared with the log's `before`: what `database.holdChanges` keeps.
   */
  oldestPosition(before: (a: string, b: string) => boolean): Promise<string | undefined>;
  /** Releases what the store holds (the API closes). */
  close?(): Promise<void>;
}

/** How many attempts and dead letters a store keeps per subscription by default, and resends waiting at most. */
export const webhookStoreLimits = {
  /** Attempts kept per subscription. */
  keepAttempts: 1000,
  /** Dead letters kept per subscription. */
  keepDeadLetters: 1000,
  /** Resends waiting per subscription at most. */
  maxResends: 100,
};
