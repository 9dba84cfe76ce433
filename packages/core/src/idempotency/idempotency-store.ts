import type { StoreCallOptions, StoreDatabase } from '../store/store.js';

/** An answer kept under an idempotency key, replayed to retries of the same request. */
export interface StoredAnswer {
  /** HTTP status of the first answer. */
  readonly status: number;
  /** The headers worth repeating (Location, ETag, Content-Type...), lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text; absent when the answer had none. */
  readonly body?: string;
}

/** Names one claim of a key: the caller it belongs to, the key, and the token of the claim. */
export interface ClaimRef {
  /** The caller the key belongs to (keys of different callers never meet); text without NUL characters. */
  readonly scope: string;
  /** The `Idempotency-Key` value as sent. */
  readonly key: string;
  /** Random value of the claim that holds the key; a claim taken over by another cannot complete or release it. */
  readonly token: string;
}

/** An attempt to take a key for one request. */
export interface IdempotencyClaim extends ClaimRef {
  /** Digest of the request (method, path, query, body), compared on every later use of the key. */
  readonly fingerprint: string;
  /** The caller's clock, in ms since the epoch; stores compare times with it only. */
  readonly now: number;
  /** How long the key is kept from now on, in ms; after that, the key is free again. */
  readonly windowMs: number;
  /** How long a claim may stay unfinished before it counts as abandoned (its process died) and may be taken over. */
  readonly leaseMs: number;
}

/** What a claim found: the key is now this request's, or another request holds or finished it. */
export type ClaimOutcome =
  | {
      /** The key was free (or expired, or abandoned); the request runs. */
      readonly state: 'claimed';
    }
  | {
      /** Another request with this key has not finished. */
      readonly state: 'running';
      /** Fingerprint of that request. */
      readonly fingerprint: string;
    }
  | {
      /** A request with this key finished; its answer is kept. */
      readonly state: 'completed';
      /** Fingerprint of that request. */
      readonly fingerprint: string;
      /** Its answer, to replay. */
      readonly answer: StoredAnswer;
    };

/**
 * Keeps `Idempotency-Key` claims and the answers they produced, shared by every process of an
 * API. `claim` must be atomic: of any number of concurrent claims of one free key, exactly one
 * gets `claimed`. Keys past their window are forgotten (and cleaned up by the store).
 */
export interface IdempotencyStore {
  /**
   * The database the keys live in, when stores of records can share its units of work: a request
   * whose stores all belong to it then runs in one unit, and its answer is kept in the same
   * transaction as its writes (see {@link IdempotencyStore.complete}).
   */
  readonly database?: StoreDatabase;
  /** Takes the key for a request, or tells what holds it. */
  claim(claim: IdempotencyClaim): Promise<ClaimOutcome>;
  /**
   * Keeps the answer of a claimed request; false when the claim was lost meanwhile (taken over or
   * released). With a `transaction` (a unit of {@link IdempotencyStore.database}), the answer is
   * written inside it: it is kept if and only if the unit commits.
   */
  complete(claim: ClaimRef, answer: StoredAnswer, options?: Pick<StoreCallOptions, 'transaction'>): Promise<boolean>;
  /** Frees a claimed key without an answer (the request failed in a way a retry may fix). */
  release(claim: ClaimRef): Promise<void>;
  /** Releases what the store holds (timers, connections it opened itself). */
  close?(): Promise<void>;
}
