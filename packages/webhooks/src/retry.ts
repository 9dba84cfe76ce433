import { CorralError } from '@corral/errors';
import type { SendOutcome } from './send.js';

/** When failed deliveries are tried again. */
export interface RetrySchedule {
  /** The waits after the first, second, ... failed attempt, in milliseconds. */
  readonly delaysMs: readonly number[];
  /** The wait after every later failed attempt. */
  readonly thenEveryMs: number;
  /** How long after the first attempt the event is given up (dead-lettered). */
  readonly giveUpAfterMs: number;
  /** Each wait varies by up to this share either way (0.2: +-20%), so failed receivers are not hit in step. */
  readonly jitter: number;
}

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/** About 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h, for 24 h, +-20%. */
export const defaultRetrySchedule: RetrySchedule = Object.freeze({
  delaysMs: Object.freeze([5 * second, 30 * second, 2 * minute, 10 * minute, 30 * minute, hour]),
  thenEveryMs: 3 * hour,
  giveUpAfterMs: 24 * hour,
  jitter: 0.2,
});

function wholePositive(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1)
    throw new CorralError('CORRAL_INVALID_WEBHOOK_OPTION', `${name} is ${value}: give whole milliseconds, at least 1`);
}

/** A retry schedule: the default with the given parts replaced, each checked. */
export function retrySchedule(options: Partial<RetrySchedule> = {}): RetrySchedule {
  const merged = { ...defaultRetrySchedule, ...options };
  for (const [index, delay] of merged.delaysMs.entries()) wholePositive(`delaysMs[${index}]`, delay);
  wholePositive('thenEveryMs', merged.thenEveryMs);
  wholePositive('giveUpAfterMs', merged.giveUpAfterMs);
  if (!(merged.jitter >= 0 && merged.jitter < 1))
    throw new CorralError(
      'CORRAL_INVALID_WEBHOOK_OPTION',
      `jitter is ${merged.jitter}: give a share from 0 to below 1`,
    );
  return Object.freeze({ ...merged, delaysMs: Object.freeze([...merged.delaysMs]) });
}

/** What follows an attempt: one of four actions. */
export type NextStep =
  | {
      /** A 2xx: the event is delivered. */
      readonly action: 'done';
    }
  | {
      /** 410 Gone: the receiver wants no more; disable the subscription. */
      readonly action: 'disable';
      /** Why, to show on the subscription. */
      readonly reason: 'gone';
    }
  | {
      /** Try the same event again later; the subscription's later events wait behind it. */
      readonly action: 'retry';
      /** When (epoch milliseconds). */
      readonly at: number;
      /** How long from `now` that is. */
      readonly delayMs: number;
      /** True when the receiver asked for it (429, 502, 504). */
      readonly slowDown: boolean;
    }
  | {
      /** The schedule is spent: set the event aside (listed, can be sent again) and go on. */
      readonly action: 'dead-letter';
    };

/** The facts {@link nextAttempt} decides on. */
export interface AttemptFacts {
  /** How many attempts have been made, this one included (1 after the first). */
  readonly attempt: number;
  /** When the first attempt was made (epoch milliseconds). */
  readonly firstAttemptAt: number;
  /** What the attempt came to (as sendWebhook reports it). */
  readonly outcome: Pick<SendOutcome, 'status' | 'error' | 'retryAfterMs'>;
  /** The current time (epoch milliseconds); default Date.now(). */
  readonly now?: number;
  /** A number in [0, 1) for the jitter; default Math.random. */
  readonly random?: () => number;
  /** The schedule to follow; default {@link defaultRetrySchedule}. */
  readonly schedule?: RetrySchedule;
}

const slowDownStatuses = new Set([429, 502, 504]);

/**
 * What to do after an attempt: a 2xx is done, 410 disables, 429/502/504 wait at least as long as
 * `Retry-After` asks (and never less than the schedule's step), anything else (another status, a
 * timeout, a refused connection) waits the schedule's step. Retries stop at `giveUpAfterMs` after
 * the first attempt: the last one is made at that moment, and its failure dead-letters the event.
 */
export function nextAttempt(facts: AttemptFacts): NextStep {
  const { attempt, firstAttemptAt, outcome, now = Date.now(), random = Math.random } = facts;
  const schedule = facts.schedule ?? defaultRetrySchedule;
  const status = outcome.status;
  if (outcome.error === undefined && status !== undefined && status >= 200 && status < 300) return { action: 'done' };
  if (status === 410) return { action: 'disable', reason: 'gone' };
  const step = schedule.delaysMs[attempt - 1] ?? schedule.thenEveryMs;
  const jittered = Math.round(step * (1 + schedule.jitter * (2 * random() - 1)));
  const slowDown = status !== undefined && slowDownStatuses.has(status);
  const asked = slowDown ? (outcome.retryAfterMs ?? 0) : 0;
  const deadline = firstAttemptAt + schedule.giveUpAfterMs;
  if (now >= deadline || now + asked > deadline) return { action: 'dead-letter' };
  const at = Math.min(now + Math.max(jittered, asked), deadline);
  return { action: 'retry', at, delayMs: at - now, slowDown };
}
