import { describe } from 'vitest';
import { webhookClaimCases } from './webhook-claim-cases.js';
import { webhookDeliveryCases } from './webhook-delivery-cases.js';
import type { WebhookStoreOpener } from './webhook-fixtures.js';
import { webhookSubscriptionCases } from './webhook-subscription-cases.js';

export { attemptAt, numericBefore, type OpenedWebhooks, webhookFor } from './webhook-fixtures.js';

/**
 * What every webhook store must do, whatever keeps it. Each implementation's test calls this
 * with a function opening a fresh, empty store (with the limits given).
 */
export function webhookStoreCases(name: string, open: WebhookStoreOpener): void {
  describe(`${name}: the webhook store contract`, () => {
    webhookSubscriptionCases(open);
    webhookClaimCases(open);
    webhookDeliveryCases(open);
  });
}
