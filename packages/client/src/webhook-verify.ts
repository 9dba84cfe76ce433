import { createHmac, timingSafeEqual } from 'node:crypto';
import { failure } from './failures.js';
import type { UntypedShape } from './shapes.js';
import type { WebhookEvent } from './webhook-events.js';

/** What {@link verifyWebhook} checks. */
export interface VerifyWebhookOptions {
  /** The subscription's signing secret (`whsec_...`), as `create` or `rotateSecret` gave it. */
  readonly secret?: string;
  /** Several secrets, any of which may have signed (while you switch to a rotated one). */
  readonly secrets?: readonly string[];
  /** The request's headers: node's `req.headers`, a fetch `Headers`, or a plain object. */
  readonly headers: Headers | Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The request body exactly as received (not parsed and serialized again: the signature covers the bytes). */
  readonly body: string | Uint8Array;
  /** How far `webhook-timestamp` may be from now, in seconds (default 300): older messages may be replays. */
  readonly toleranceSeconds?: number;
  /** The time to judge the timestamp against (default: now). */
  readonly now?: Date | number;
}

/** Why a webhook was refused: answer it with a 4xx (401 for `signature`, 400 otherwise). */
export type WebhookRefusal = 'headers' | 'timestamp' | 'signature' | 'payload';

/** A webhook that did not pass {@link verifyWebhook}: do not act on it. */
export class WebhookVerificationError extends Error {
  /** What failed. */
  readonly reason: WebhookRefusal;

  /** Built by {@link verifyWebhook}. */
  constructor(reason: WebhookRefusal, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

const keyOf = (secret: unknown, index: number): Buffer => {
  const encoded = typeof secret === 'string' && secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : '';
  const key = Buffer.from(encoded, 'base64');
  // Buffer.from skips what is not base64: a round trip that differs means a mistyped secret.
  if (key.length === 0 || key.toString('base64').replace(/=+$/, '') !== encoded.replace(/=+$/, ''))
    throw failure(
      'configuration',
      'verifyWebhook',
      `secrets[${index}] is no webhook secret: expected whsec_ and base64`,
    );
  return key;
};

function headerOf(headers: VerifyWebhookOptions['headers'], name: string): string {
  // Node gives lower-case names; a plain object of yours may spell them otherwise.
  const key = headers instanceof Headers ? name : Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = headers instanceof Headers ? headers.get(name) : key === undefined ? undefined : headers[key];
  const text = Array.isArray(value) ? value.join(' ') : (value as string | null | undefined);
  if (typeof text !== 'string' || text === '')
    throw new WebhookVerificationError('headers', `The webhook has no ${name} header`);
  return text;
}

function checkedTimestamp(text: string, options: VerifyWebhookOptions): void {
  const tolerance = options.toleranceSeconds ?? 300;
  if (!Number.isFinite(tolerance) || tolerance < 0)
    throw failure('configuration', 'verifyWebhook', `toleranceSeconds must be a number >= 0, got ${tolerance}`);
  const seconds = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isNaN(seconds))
    throw new WebhookVerificationError('timestamp', `webhook-timestamp "${text.slice(0, 40)}" is no Unix time`);
  const now = options.now === undefined ? Date.now() : Number(options.now);
  const off = seconds - Math.floor(now / 1000);
  if (Math.abs(off) > tolerance)
    throw new WebhookVerificationError(
      'timestamp',
      `webhook-timestamp is ${Math.abs(off)} s ${off < 0 ? 'old' : 'ahead'}, more than the ${tolerance} s allowed`,
    );
}

function parsedPayload(body: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new WebhookVerificationError('payload', 'The webhook body is no JSON');
  }
  const fields = value as Record<string, unknown> | null;
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields))
    throw new WebhookVerificationError('payload', 'The webhook body is no JSON object');
  const missing = typeof fields.type !== 'string' ? 'type' : typeof fields.timestamp !== 'string' ? 'timestamp' : '';
  if (missing !== '' || fields.data === null || typeof fields.data !== 'object')
    throw new WebhookVerificationError('payload', `The webhook body has no valid ${missing || 'data'}`);
  return value;
}

/**
 * Checks a Standard Webhooks 1.0 message (`webhook-id`, `webhook-timestamp`, `webhook-signature`)
 * and gives its parsed payload: the HMAC-SHA256 of `id.timestamp.body` with one of the secrets must
 * be among the signatures sent, and the timestamp within `toleranceSeconds` of now. A message that
 * fails throws a {@link WebhookVerificationError}; bad options throw a `configuration` error.
 */
export function verifyWebhook<Api extends object = Record<string, UntypedShape>>(
  options: VerifyWebhookOptions,
): WebhookEvent<Api> {
  const secrets = options.secrets ?? (options.secret === undefined ? [] : [options.secret]);
  if (secrets.length === 0) throw failure('configuration', 'verifyWebhook', 'Give `secret` or `secrets`');
  const keys = secrets.map(keyOf);
  const id = headerOf(options.headers, 'webhook-id');
  const timestamp = headerOf(options.headers, 'webhook-timestamp');
  checkedTimestamp(timestamp, options);
  const signatures = headerOf(options.headers, 'webhook-signature')
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3), 'base64'));
  // The signature covers the bytes as sent: they are hashed before any decoding.
  const bytes = typeof options.body === 'string' ? Buffer.from(options.body, 'utf8') : Buffer.from(options.body);
  const signed = keys.some((key) => {
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(bytes).digest();
    return signatures.some((sent) => sent.length === expected.length && timingSafeEqual(sent, expected));
  });
  if (!signed) throw new WebhookVerificationError('signature', 'No webhook-signature matches the secret');
  return parsedPayload(bytes.toString('utf8')) as WebhookEvent<Api>;
}
