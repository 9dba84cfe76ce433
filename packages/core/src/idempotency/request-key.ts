import { ApiError } from '@corral/errors';
import type { CorralRequest } from '../http/exchange.js';

/** Longest key accepted, as the IETF draft and Stripe suggest (a UUID needs 36). */
export const maxKeyLength = 255;

/**
 * Visible ASCII only: no spaces, so two keys joined by a proxy (`a, b`) are refused too; no quote or
 * backslash, which only a structured-field string's own pair of quotes (or its escapes) would hold.
 */
const visibleAscii = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * The `Idempotency-Key` of a request, checked: undefined when absent. The draft standard sends it
 * as a structured-field string (`"abc"`), Stripe as a bare token (`abc`): both are taken, the
 * quotes removed.
 */
export function idempotencyKeyOf(request: CorralRequest): string | undefined {
  const raw = request.header('idempotency-key');
  if (raw === undefined) return undefined;
  const key = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (key.length === 0 || key.length > maxKeyLength || !visibleAscii.test(key)) {
    throw new ApiError(
      'invalidIdempotencyKey',
      `The Idempotency-Key header must be 1 to ${maxKeyLength} visible ASCII characters other than quotes and backslashes, sent once (a UUID is a good choice)`,
    );
  }
  return key;
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * What must match for a retry to count as the same request: method, path, query and body, as a
 * SHA-256 digest (Web Crypto, so the fetch path runs on any runtime).
 */
export async function fingerprintOf(request: CorralRequest, body: Uint8Array): Promise<string> {
  const head = new TextEncoder().encode(`${request.method}\n${request.path}\n${request.rawQuery}\n`);
  const all = new Uint8Array(head.byteLength + body.byteLength);
  all.set(head);
  all.set(body, head.byteLength);
  return hex(await crypto.subtle.digest('SHA-256', all));
}
