import type { WebhookStoreLimits } from '../webhooks/memory-webhooks.js';
import type { NewWebhookSubscription, WebhookAttempt, WebhookStore } from '../webhooks/webhook-store.js';

/** A fresh, empty webhook store; `close` frees what it holds. */
export interface OpenedWebhooks {
  readonly webhooks: WebhookStore;
  close(): Promise<void>;
}

/** Positions in the suite are decimal, compared as numbers. */
export const numericBefore = (a: string, b: string) => Number(a) < Number(b);

/** A subscription of `owner` with every field set, starting at `position`. */
export function webhookFor(owner: string, position = '10'): NewWebhookSubscription {
  return {
    owner,
    url: 'https://hooks.example/in?x=1',
    events: ['animals.created', 'keepers.*'],
    filter: { species: 'lion', 'legs[gte]': 4 },
    scopes: ['animals:read', 'webhooks:write'],
    principal: { subject: owner, clientId: 'app', scopes: ['animals:read', 'webhooks:write'], claims: { t: 'ü🦒' } },
    secrets: { current: 'whsec_abc' },
    position,
  };
}

/** An attempt at `ms` for `position`. */
export const attemptAt = (ms: number, position: string, status?: number): WebhookAttempt => ({
  at: new Date(ms).toISOString(),
  position,
  webhookId: `msg_${position}`,
  ...(status !== undefined ? { status } : { error: 'connection refused' }),
  durationMs: 12,
  excerpt: status ? 'ok' : undefined,
});

/** The suite's clock: a fixed moment, so times in records can be compared exactly. */
export const t0 = Date.parse('2026-01-01T00:00:00Z');

/** Opens a fresh store (with `limits`) for each case, and closes it after. */
export type WebhookStoreOpener = (limits: Partial<WebhookStoreLimits>) => Promise<OpenedWebhooks>;

/** A case body run on a fresh store. */
export const withStoreOf =
  (open: WebhookStoreOpener) =>
  (test: (webhooks: WebhookStore) => Promise<void>, limits: Partial<WebhookStoreLimits> = {}) =>
  async () => {
    const opened = await open(limits);
    try {
      await test(opened.webhooks);
    } finally {
      await opened.close();
    }
  };
