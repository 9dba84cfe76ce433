import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { CorralError } from '@corral/errors';

/** What {@link signWebhook} signs: the message id, its Unix time in seconds and the exact body sent. */
export interface WebhookSignatureInput {
  /** The `webhook-id`: the same for every attempt of one event to one subscription. */
  readonly id: string;
  /** Unix time in seconds (the `webhook-timestamp`), or a Date. */
  readonly timestamp: number | Date;
  /** The request body exactly as sent. */
  readonly body: string;
  /** Signing secrets (`whsec_...`), the current one first; an old one during its grace period after. */
  readonly secrets: readonly string[];
}

const prefix = 'whsec_';

/** Unix seconds of a timestamp given as seconds or a Date. */
export function unixSeconds(timestamp: number | Date): number {
  return typeof timestamp === 'number' ? Math.floor(timestamp) : Math.floor(timestamp.getTime() / 1000);
}

/** The key bytes of a `whsec_` secret; a secret of another form is a configuration mistake. */
function keyOf(secret: string, index: number): Buffer {
  const encoded = secret.startsWith(prefix) ? secret.slice(prefix.length) : '';
  const key = Buffer.from(encoded, 'base64');
  // Buffer.from skips characters that are not base64: compare the round trip to catch them.
  if (key.length === 0 || key.toString('base64').replace(/=+$/, '') !== encoded.replace(/=+$/, ''))
    throw new CorralError(
      'CORRAL_INVALID_WEBHOOK_OPTION',
      `secrets[${index}] is not a webhook signing secret: expected whsec_ followed by base64 key bytes`,
    );
  return key;
}

// Keys made from secrets recently signed with: a key object signs several times faster than its
// bytes, which Node turns into a key on every call. Bounded; emptied when full.
const keys = new Map<string, KeyObject>();
const keepKeys = 1024;

function signingKey(secret: string, index: number): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(keyOf(secret, index));
    if (keys.size >= keepKeys) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,<base64 HMAC-SHA256>` of
 * `id.timestamp.body` for each secret, separated by spaces, so a receiver still holding the
 * previous secret during a rotation verifies the message too.
 */
export function signWebhook({ id, timestamp, body, secrets }: WebhookSignatureInput): string {
  if (secrets.length === 0)
    throw new CorralError('CORRAL_INVALID_WEBHOOK_OPTION', 'secrets is empty: a webhook needs a signing secret');
  const content = `${id}.${unixSeconds(timestamp)}.${body}`;
  return secrets
    .map((secret, index) => `v1,${createHmac('sha256', signingKey(secret, index)).update(content).digest('base64')}`)
    .join(' ');
}

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. Show it once; keep it secret. */
export function newWebhookSecret(): string {
  return `${prefix}${randomBytes(32).toString('base64')}`;
}

/** The headers of one delivery attempt; the id stays the same across attempts of one event. */
export function webhookHeaders(input: WebhookSignatureInput): Record<string, string> {
  if (input.id === '' || input.id.includes('.'))
    throw new CorralError(
      'CORRAL_INVALID_WEBHOOK_OPTION',
      `id "${input.id}" is not a webhook id: give a non-empty id without "." (the signature separates fields with it)`,
    );
  return {
    'content-type': 'application/json',
    'webhook-id': input.id,
    'webhook-timestamp': String(unixSeconds(input.timestamp)),
    'webhook-signature': signWebhook(input),
  };
}
