import type { Dispatcher } from 'undici';
import { failure } from './failures.js';
import type { RetryOptions } from './retry.js';
import type { ClientCredentialsOptions, TokenSource } from './tokens.js';

/** Settings of {@link createClient}. */
export interface ClientOptions {
  /** The API version's root, e.g. `https://zoo.example/v1`; its root document names the collections. */
  readonly baseUrl: string;
  /** Client-credentials settings (tokens fetched and renewed for you), a fixed token, or a {@link TokenSource}. */
  readonly auth?: ClientCredentialsOptions | TokenSource | string;
  /** Retries after 429, 503 and connection errors; see {@link RetryOptions}. */
  readonly retry?: RetryOptions;
  /**
   * Give every create an `Idempotency-Key` (a new UUID), so that a create whose answer was lost
   * can be sent again safely (default true). Servers without the idempotency plugin ignore it.
   */
  readonly idempotencyKeys?: boolean;
  /** How many URLs' ETags and bodies are remembered (default 1000; 0 for none). */
  readonly etagCacheSize?: number;
  /** Wait between polls of a job that sends no `Retry-After` (default 1000 ms). */
  readonly jobPollMs?: number;
  /** Keep-alive connections per origin in the pool (default 10). */
  readonly connections?: number;
  /** Your own undici dispatcher instead of the client's pool (the client then does not close it). */
  readonly dispatcher?: Dispatcher;
}

/**
 * `baseUrl` without trailing slashes, once it is known to be an absolute http(s) URL with no query
 * or fragment (the client appends paths and queries to it).
 */
export function checkedBaseUrl(baseUrl: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof baseUrl === 'string' ? new URL(baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  const problem =
    url === undefined
      ? 'must be an absolute URL such as https://api.example/v1'
      : url.protocol !== 'http:' && url.protocol !== 'https:'
        ? 'must be an http or https URL'
        : url.search !== '' || url.hash !== ''
          ? 'must not carry a query or a fragment'
          : undefined;
  if (problem !== undefined)
    throw failure('configuration', 'createClient', `baseUrl ${problem}; got ${JSON.stringify(baseUrl)}`);
  return (baseUrl as string).replace(/\/+$/, '');
}
