export { type AddressRefusal, addressRefusal } from './addresses.js';
export { type WebhookConnections, webhookConnections } from './connections.js';
export { parseWebhookAllow, type WebhookAllow, type WebhookAllowEntry } from './allow.js';
export {
  type AcceptedDestination,
  checkDestination,
  type DestinationCheck,
  type DestinationOptions,
  type DestinationRefusal,
  type RefusedDestination,
  systemResolver,
  type WebhookResolver,
} from './destination.js';
export {
  type AttemptFacts,
  defaultRetrySchedule,
  type NextStep,
  nextAttempt,
  type RetrySchedule,
  retrySchedule,
} from './retry.js';
export { parseRetryAfter } from './retry-after.js';
export { type SendError, type SendErrorCode, type SendOutcome, type SendWebhookOptions, sendWebhook } from './send.js';
export { newWebhookSecret, signWebhook, type WebhookSignatureInput, webhookHeaders } from './signature.js';
export { webhooksStartupCodes } from './startup-codes.js';
export { type WebhooksOptions, webhooks } from './plugin/webhooks-plugin.js';
export { webhookIdOf } from './plugin/payload.js';
