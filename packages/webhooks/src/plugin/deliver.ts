import type {
  ChangeEvents,
  ChangeLog,
  LoggedChange,
  WebhookAttempt,
  WebhookLease,
  WebhookStore,
  WebhookSubscription,
} from '@corral/core';
import { nextAttempt, type RetrySchedule } from '../retry.js';
import { type AttemptSettings, attemptDelivery } from './attempt.js';
import { payloads, webhookIdOf } from './payload.js';

/** What delivering one claimed subscription needs. */
export interface DeliverySettings extends AttemptSettings {
  readonly store: WebhookStore;
  readonly schedule: RetrySchedule;
  readonly disableAfterMs: number;
  /** How long a subscription that caught up rests before it is looked at again without a wake-up. */
  readonly idleMs: number;
  /** How long one claim is worked on while the log has more, before it is let go for others. */
  readonly holdMs: number;
  /** How often the position of delivered events is written at least, while the log has more. */
  readonly flushMs: number;
  /**
   * Resolves when the log may have moved, after at most `ms`, or at once when it is not worth
   * holding the claim to wait (other subscriptions need the slot): false then.
   */
  readonly nextChange?: (ms: number) => Promise<boolean>;
  /** True once the worker stops: no new attempt starts. */
  readonly stopped: () => boolean;
}

const batchSize = 100;
/** How long a caught-up subscription keeps its claim waiting for the next change. */
const idleHoldMs = 500;
const iso = (ms: number) => new Date(ms).toISOString();
type Build = (change: LoggedChange) => Promise<string | undefined>;

/**
 * Works on one claimed subscription: the resends asked for, then the log after its position, in
 * order, each event until it is delivered, dead-lettered, or due again later (then the
 * subscription waits behind it). Lets go of the lease at the end, unless it was lost.
 */
export async function deliverSubscription(
  settings: DeliverySettings,
  events: ChangeEvents,
  log: ChangeLog,
  lease: WebhookLease,
  subscription: WebhookSubscription,
  stillHeld: () => Promise<boolean> = async () => true,
): Promise<void> {
  const { store, now } = settings;
  const build = payloads(subscription, events);
  for (const position of subscription.resends) {
    if (settings.stopped()) return store.release(lease, { now: now() });
    await resend(settings, log, lease, subscription, position, build);
  }
  const failing = subscription.failing;
  if (failing && Date.parse(failing.nextAttemptAt) > now())
    return store.release(lease, { now: now(), readyAt: Date.parse(failing.nextAttemptAt) });
  let position = subscription.position;
  let since = subscription.deadLetteringSince === undefined ? undefined : Date.parse(subscription.deadLetteringSince);
  // Events delivered or skipped since the position was last written: one write moves it past them
  // all, with their attempts (a process killed before that write resends them, same webhook-id).
  let through = position;
  let delivered: WebhookAttempt[] = [];
  let flushedAt = performance.now();
  const flush = async (): Promise<boolean> => {
    flushedAt = performance.now();
    if (through === position) return true;
    const step = { now: now(), position: through, delivered: delivered.length > 0, attempts: delivered };
    if (!(await store.advance(lease, step))) return false;
    position = through;
    delivered = [];
    return true;
  };
  // Holds the claim while the log has more, so a busy log costs a claim and a release per turn
  // rather than per wake-up; a turn ends after holdMs so that other subscriptions get the slot.
  const turnEnds = performance.now() + settings.holdMs;
  for (;;) {
    if (settings.stopped()) break;
    const batch = await log.read(through, batchSize);
    if ('reset' in batch) {
      if (!(await flush())) return;
      // The log no longer holds the events after the position: say so, and go on from its present.
      const attempt = { at: iso(now()), position: batch.position, webhookId: '-', durationMs: 0 };
      const error = `Events after ${position} were no longer in the change log (${batch.reset}) and were not sent`;
      if (
        !(await store.advance(lease, {
          now: now(),
          position: batch.position,
          delivered: false,
          attempt: { ...attempt, error },
        }))
      )
        return;
      position = through = batch.position;
      continue;
    }
    if (batch.changes.length === 0) {
      // Caught up: write the position, then keep the claim a little while for the next change
      // (a steady trickle of writes then costs no claim and release per write).
      if (!(await flush())) return;
      const left = turnEnds - performance.now();
      if (left <= 0 || !settings.nextChange || !(await settings.nextChange(Math.min(left, idleHoldMs)))) break;
      if (!(await stillHeld())) return;
      // Changed meanwhile (its URL, events, status) or asked to resend: a new claim takes it as it is now.
      const current = await store.get(subscription.id);
      if (current?.version !== subscription.version || current.status !== 'active' || current.resends.length > 0) {
        await store.release(lease, { now: now() });
        return;
      }
      continue;
    }
    for (const change of batch.changes) {
      if (settings.stopped()) break;
      const body = await build(change);
      if (body === undefined) {
        through = change.position;
        continue;
      }
      const held = failing?.position === change.position ? failing : undefined;
      const sent = await sendOne(settings, lease, subscription, change.position, body, held, since, flush);
      if (sent === 'stop') return;
      if (sent === 'dead-lettered') {
        since ??= now();
        position = through = change.position;
      } else {
        since = undefined;
        delivered.push(sent);
        through = change.position;
      }
    }
    if (delivered.length >= batchSize || performance.now() - flushedAt >= settings.flushMs)
      if (!(await flush())) return;
    if (performance.now() > turnEnds) {
      if (await flush()) await store.release(lease, { now: now() });
      return;
    }
  }
  if (!(await flush())) return;
  // Caught up: new changes wake it (release makes it ready at once when one came meanwhile).
  await store.release(lease, { now: now(), readyAt: now() + settings.idleMs });
}

/**
 * One attempt at the subscription's next event: its record when it was delivered (the caller
 * writes it with the batch), else the step it leads to, written after `flush` wrote the events
 * delivered before it.
 */
async function sendOne(
  settings: DeliverySettings,
  lease: WebhookLease,
  subscription: WebhookSubscription,
  position: string,
  body: string,
  failing: WebhookSubscription['failing'],
  since: number | undefined,
  flush: () => Promise<boolean>,
): Promise<WebhookAttempt | 'dead-lettered' | 'stop'> {
  const { store, now } = settings;
  const webhookId = webhookIdOf(subscription.id, position);
  const { outcome, record } = await attemptDelivery(settings, subscription, webhookId, position, body);
  const attempts = (failing?.attempts ?? 0) + 1;
  const firstAttemptAt = failing ? Date.parse(failing.firstFailedAt) : Date.parse(record.at);
  const next = nextAttempt({ attempt: attempts, firstAttemptAt, outcome, now: now(), schedule: settings.schedule });
  if (next.action === 'done') return record;
  if (!(await flush())) return 'stop';
  const step = { now: now(), attempt: record };
  switch (next.action) {
    case 'disable':
      await store.recordAttempt(subscription.id, record);
      await store.disable(subscription.id, 'The receiver answered 410 Gone: it wants no more events', now());
      await store.release(lease, { now: now() });
      return 'stop';
    case 'retry': {
      const waiting = { position, attempts, firstFailedAt: iso(firstAttemptAt), nextAttemptAt: iso(next.at) };
      if (await store.retryLater(lease, { ...step, failing: waiting }))
        await store.release(lease, { now: now(), readyAt: next.at });
      return 'stop';
    }
    case 'dead-letter': {
      const letter = {
        position,
        at: iso(now()),
        webhookId,
        attempts,
        payload: body,
        ...(record.error ? { error: record.error } : {}),
      };
      if (!(await store.deadLetter(lease, { ...step, letter }))) return 'stop';
      const start = since ?? now();
      if (now() - start < settings.disableAfterMs) return 'dead-lettered';
      const days = Math.round(settings.disableAfterMs / 86_400_000);
      await store.disable(subscription.id, `Every event has been dead-lettered for ${days} days`, now());
      await store.release(lease, { now: now() });
      return 'stop';
    }
  }
}

/** Sends an event again once, as asked: its dead letter's body, or the event from the log. */
async function resend(
  settings: DeliverySettings,
  log: ChangeLog,
  lease: WebhookLease,
  subscription: WebhookSubscription,
  position: string,
  build: Build,
): Promise<void> {
  const { store, now } = settings;
  const webhookId = webhookIdOf(subscription.id, position);
  const body = (await store.deadLetterAt(subscription.id, position))?.payload ?? (await fromLog(log, position, build));
  if (body === undefined) {
    const error = 'No event for this subscription at this position in the change log';
    await store.resent(lease, {
      now: now(),
      position,
      attempt: { at: iso(now()), position, webhookId, durationMs: 0, error },
    });
    return;
  }
  const { record } = await attemptDelivery(settings, subscription, webhookId, position, body);
  await store.resent(lease, { now: now(), position, attempt: record });
}

/** The body of the event at `position`, read from the log (positions that are whole numbers). */
async function fromLog(log: ChangeLog, position: string, build: Build): Promise<string | undefined> {
  if (!/^\d+$/.test(position) || position === '0') return undefined;
  const batch = await log.read(String(BigInt(position) - 1n), 1).catch(() => undefined);
  const change = batch && 'changes' in batch ? batch.changes[0] : undefined;
  return change?.position === position ? build(change) : undefined;
}
