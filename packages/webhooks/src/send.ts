import { isCorralError } from '@corral/errors';
import { Agent, request } from 'undici';
import { pinnedLookup, type WebhookConnections } from './connections.js';
import { checkDestination, type DestinationOptions, type DestinationRefusal } from './destination.js';
import { parseRetryAfter } from './retry-after.js';

/** One delivery attempt: where, what, and the destination rules it is held to. */
export interface SendWebhookOptions extends Omit<DestinationOptions, 'atCreation'> {
  /** The subscription's URL; checked again on every attempt. */
  readonly url: string | URL;
  /** The JSON body, exactly as signed. */
  readonly body: string;
  /** The request headers (see webhookHeaders). */
  readonly headers: Readonly<Record<string, string>>;
  /** The whole attempt, name resolution to last body byte read (default 15 s). */
  readonly timeoutMs?: number;
  /** How much of the answer's body is read at most (default 64 KiB); the rest is dropped. */
  readonly maxResponseBytes?: number;
  /** Kept-alive connections to reuse; without, the attempt opens a connection of its own and closes it. */
  readonly connections?: WebhookConnections;
}

/** Why an attempt got no answer; each is a stable code. */
export type SendErrorCode = 'destination' | 'timeout' | 'connection-refused' | 'connection-failed';

/** Why an attempt got no answer. */
export interface SendError {
  /** The stable code. */
  readonly code: SendErrorCode;
  /** A sentence for people (never the receiver's answer). */
  readonly message: string;
  /** For `destination`: the rule that refused the URL. */
  readonly reason?: DestinationRefusal;
}

/** What an attempt came to: a status, or an error; never the receiver's whole answer. */
export interface SendOutcome {
  /** The answer's status (a 3xx is not followed: it is just a status). */
  readonly status?: number;
  /** From the start of the attempt (the destination check included) to the end of reading. */
  readonly durationMs: number;
  /** Why there is no status. */
  readonly error?: SendError;
  /** The start of the answer's body (about 200 characters). */
  readonly excerpt?: string;
  /** How long the receiver asked to wait (`Retry-After`), in milliseconds. */
  readonly retryAfterMs?: number;
}

const excerptLength = 200;

/** Reads at most `cap` bytes of the body, then drops the rest (closing the connection). */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk.subarray(0, cap - size));
    size += Math.min(chunk.length, cap - size);
    if (size >= cap) break;
  }
  body.destroy();
  return Buffer.concat(chunks);
}

function failure(error: unknown, timedOut: boolean): SendError {
  if (timedOut) return { code: 'timeout', message: 'The receiver did not answer in time' };
  const code = (error as { code?: string })?.code;
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  if (code === 'ECONNREFUSED' || cause === 'ECONNREFUSED')
    return { code: 'connection-refused', message: 'The receiver refused the connection' };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'connection-failed', message: `The request failed: ${code ?? cause ?? ''} ${message}`.trim() };
}

/**
 * One POST of a webhook: the destination is checked first, the connection goes to the checked
 * address only (TLS still verifies the host name), redirects are not followed, and at most
 * `maxResponseBytes` of the answer are read. Never throws for the receiver's doing.
 */
export async function sendWebhook(options: SendWebhookOptions): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const { timeoutMs = 15_000, maxResponseBytes = 64 * 1024 } = options;
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), abort.abort()), timeoutMs);
  // A resolver that never answers must not hold the attempt past its timeout either.
  const aborted = new Promise<never>((_, reject) =>
    abort.signal.addEventListener('abort', () => reject(abort.signal.reason)),
  );
  aborted.catch(() => {});
  let own: Agent | undefined;
  try {
    const check = await Promise.race([checkDestination(options.url, options), aborted]);
    if (!check.ok)
      return { durationMs: elapsed(), error: { code: 'destination', message: check.message, reason: check.reason } };
    const address = check.addresses[0]!;
    const agent = options.connections
      ? options.connections.agentFor(check.url.origin, address)
      : (own = new Agent({ connect: { lookup: pinnedLookup(address) }, pipelining: 0 }));
    const answer = await request(check.url, {
      method: 'POST',
      body: options.body,
      headers: options.headers,
      dispatcher: agent,
      signal: abort.signal,
    });
    const read = await readCapped(answer.body, maxResponseBytes);
    const retryAfter = answer.headers['retry-after'];
    const retryAfterMs = parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
    const excerpt = read.toString('utf8').slice(0, excerptLength);
    return {
      status: answer.statusCode,
      durationMs: elapsed(),
      ...(excerpt === '' ? {} : { excerpt }),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  } catch (error) {
    if (isCorralError(error)) throw error; // a setting is wrong (the allow-list): not the receiver's doing
    return { durationMs: elapsed(), error: failure(error, timedOut) };
  } finally {
    clearTimeout(timer);
    own?.destroy().catch(() => {});
  }
}
