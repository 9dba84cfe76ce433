import type { ApiPlugin, ChangeEvents, WebhookStore } from '@corral/core';
import { CorralError } from '@corral/errors';
import type { WebhookResolver } from '../destination.js';
import { parseWebhookAllow, type WebhookAllow } from '../allow.js';
import { type RetrySchedule, retrySchedule } from '../retry.js';
import { webhookEndpoints } from './endpoints.js';
import { deliveryWorker } from './worker.js';

/** Settings of {@link webhooks}. */
export interface WebhooksOptions {
  /** Where subscriptions and their delivery state live; shared by every instance of the API. */
  readonly store: WebhookStore;
  /** Destinations that may be called despite the address rules, over http too (`WEBHOOK_ALLOW`). */
  readonly allow?: WebhookAllow | string;
  /** Accept http:// URLs everywhere (development only). */
  readonly allowHttp?: boolean;
  /** The name resolver (tests give one). */
  readonly resolve?: WebhookResolver;
  /** The clock in ms since the epoch (tests run the retry schedule fast with one). */
  readonly now?: () => number;
  /** The retry schedule, or the parts of the default to change. */
  readonly retry?: Partial<RetrySchedule>;
  /** How long one attempt may take; default 15 s. */
  readonly timeoutMs?: number;
  /** Disable a subscription whose events have been dead-lettered this many days; default 5. */
  readonly disableAfterDays?: number;
  /** The scope the subscription routes need (e.g. `webhooks:write`); without it any valid token. */
  readonly scope?: string;
  /** How long the old secret still signs after a rotation; default 24 hours. */
  readonly secretGraceMs?: number;
  /** How long a claim holds a subscription unrenewed; default 30 s. */
  readonly leaseMs?: number;
  /** How often the worker looks for due retries and others' expired leases; default 1 s. */
  readonly pollMs?: number;
  /** Subscriptions delivered to at once by one instance; default 16. */
  readonly concurrency?: number;
}

function positive(name: string, value: number): number {
  if (!(Number.isFinite(value) && value > 0))
    throw new CorralError('CORRAL_INVALID_WEBHOOK_OPTION', `webhooks: ${name} must be a positive number, got ${value}`);
  return value;
}

/**
 * Webhooks for an API: `/webhooks` subscriptions (owner only), and a delivery worker in every
 * instance that sends each committed change a subscription may see, signed, in order, retried
 * on the schedule, dead-lettered when it is spent. The worker starts with `api.ready()` and stops
 * with `api.close()`.
 */
export function webhooks(options: WebhooksOptions): ApiPlugin {
  const { store, now = Date.now } = options;
  const allow = typeof options.allow === 'string' ? parseWebhookAllow(options.allow) : options.allow;
  const destination = {
    ...(allow ? { allow } : {}),
    ...(options.allowHttp ? { allowHttp: true } : {}),
    ...(options.resolve ? { resolve: options.resolve } : {}),
  };
  const worker = deliveryWorker({
    store,
    now,
    destination,
    schedule: retrySchedule(options.retry),
    timeoutMs: positive('timeoutMs', options.timeoutMs ?? 15_000),
    disableAfterMs: positive('disableAfterDays', options.disableAfterDays ?? 5) * 86_400_000,
    leaseMs: Math.round(positive('leaseMs', options.leaseMs ?? 30_000)),
    pollMs: positive('pollMs', options.pollMs ?? 1000),
    idleMs: 30_000,
    holdMs: 5000,
    flushMs: 250,
    concurrency: Math.round(positive('concurrency', options.concurrency ?? 16)),
  });
  const secretGraceMs = positive('secretGraceMs', options.secretGraceMs ?? 86_400_000);
  // The newest version's events: links in the records sent point below its prefix.
  let events: ChangeEvents | undefined;
  return {
    name: 'webhooks',
    endpoints(_version, tools) {
      events = tools.events;
      if (tools.events.collections.length === 0) return [];
      return webhookEndpoints({ store, destination, scope: options.scope, now, secretGraceMs }, tools.events);
    },
    hooks: {
      onReady: () => {
        if (events) worker.start(events);
      },
      onClose: async () => {
        await worker.stop();
        await store.close?.();
      },
    },
  };
}
