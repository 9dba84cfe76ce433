import type { WebhookAttempt, WebhookSubscription } from '@corral/core';
import type { WebhookConnections } from '../connections.js';
import type { DestinationOptions } from '../destination.js';
import type { BusyGate } from './busy-gate.js';
import { type SendOutcome, sendWebhook } from '../send.js';
import { webhookHeaders } from '../signature.js';

/** How one attempt is made: the destination rules, the timeout and the clock. */
export interface AttemptSettings {
  readonly destination: Omit<DestinationOptions, 'atCreation'>;
  readonly timeoutMs: number;
  readonly now: () => number;
  /** Kept-alive connections to receivers, shared by the worker's attempts. */
  readonly connections?: WebhookConnections;
  /** Holds attempts back while the process is busy with the API's requests. */
  readonly gate?: BusyGate;
}

/** The secrets that sign now: the current one, and the previous one until its grace period ends. */
export function signingSecrets(subscription: WebhookSubscription, now: number): string[] {
  const { current, previous } = subscription.secrets;
  return previous && Date.parse(previous.expiresAt) > now ? [current, previous.secret] : [current];
}

/** What went wrong, in one line for the attempt's record and a dead letter. */
export function describeFailure(outcome: SendOutcome): string | undefined {
  if (outcome.error) return outcome.error.message;
  if (outcome.status !== undefined && (outcome.status < 200 || outcome.status >= 300))
    return `The receiver answered ${outcome.status}`;
  return undefined;
}

/** Sends one signed body and returns what came of it with its record. */
export async function attemptDelivery(
  settings: AttemptSettings,
  subscription: WebhookSubscription,
  webhookId: string,
  position: string,
  body: string,
): Promise<{ outcome: SendOutcome; record: WebhookAttempt }> {
  const leave = await settings.gate?.enter();
  try {
    return await attemptOnce(settings, subscription, webhookId, position, body);
  } finally {
    leave?.();
  }
}

async function attemptOnce(
  settings: AttemptSettings,
  subscription: WebhookSubscription,
  webhookId: string,
  position: string,
  body: string,
): Promise<{ outcome: SendOutcome; record: WebhookAttempt }> {
  const at = settings.now();
  const headers = webhookHeaders({
    id: webhookId,
    timestamp: new Date(at),
    body,
    secrets: signingSecrets(subscription, at),
  });
  const outcome = await sendWebhook({
    ...settings.destination,
    url: subscription.url,
    body,
    headers,
    timeoutMs: settings.timeoutMs,
    ...(settings.connections ? { connections: settings.connections } : {}),
  });
  const error = describeFailure(outcome);
  const record: WebhookAttempt = {
    at: new Date(at).toISOString(),
    position,
    webhookId,
    durationMs: outcome.durationMs,
    ...(outcome.status !== undefined ? { status: outcome.status } : {}),
    ...(error ? { error } : {}),
    ...(outcome.excerpt ? { excerpt: outcome.excerpt } : {}),
  };
  return { outcome, record };
}
