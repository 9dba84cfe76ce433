import { Agent, type Dispatcher } from 'undici';
import { CollectionClient } from './collection.js';
import { EtagCache } from './etag-cache.js';
import { followLink } from './follow.js';
import type { Linked } from './links.js';
import type { Page } from './page.js';
import { pagesFrom, recordsFrom, type PageStart } from './paging.js';
import { Resources } from './resources.js';
import { retryPolicy, type RetryOptions } from './retry.js';
import type { CollectionShape, UntypedShape } from './shapes.js';
import { clientCredentials, staticToken, type ClientCredentialsOptions, type TokenSource } from './tokens.js';
import { createSend } from './transport.js';

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

/** A client of one API version; `Api` maps collection names to their {@link CollectionShape}s. */
export interface CorralClient<Api extends object = Record<string, UntypedShape>> {
  /** The collection of this name, found through the root document's links. */
  collection<N extends Extract<keyof Api, string>>(
    name: N,
  ): CollectionClient<Api[N] extends CollectionShape ? Api[N] : UntypedShape>;
  /** The root document (read once, then remembered). */
  root(): Promise<Linked & Record<string, unknown>>;
  /** GETs any URL the server gave (revalidated with `If-None-Match`). */
  read(url: string, signal?: AbortSignal): Promise<unknown>;
  /** Follows a link of any document by rel, untyped; a list comes back as a page. */
  follow(document: Linked, rel: string, signal?: AbortSignal): Promise<unknown>;
  /**
   * Every page of a list from a page you hold (one a link led to, e.g. `await employee.follow('salary')`)
   * or from a list's URL, following `nextPage` until there is none.
   */
  pages<R = unknown>(start: PageStart<R>, signal?: AbortSignal): AsyncGenerator<Page<R>>;
  /** Every record of those pages (`for await (const s of client.all(await employee.follow('salary')))`). */
  all<R = unknown>(start: PageStart<R>, signal?: AbortSignal): AsyncGenerator<R>;
  /** Closes the connection pool (not a dispatcher you gave). */
  close(): Promise<void>;
}

function tokenSourceOf(auth: ClientOptions['auth'], dispatcher: Dispatcher): TokenSource | undefined {
  if (auth === undefined) return undefined;
  if (typeof auth === 'string') return staticToken(auth);
  return 'token' in auth ? auth : clientCredentials(auth, dispatcher);
}

/**
 * A client for an API that follows Corral's conventions. Untyped by default; give `Api` (see
 * `CollectionTypes`) to type records, filters, sorting and link rels.
 */
export function createClient<Api extends object = Record<string, UntypedShape>>(
  options: ClientOptions,
): CorralClient<Api> {
  const pool = options.dispatcher ?? new Agent({ connections: options.connections ?? 10, keepAliveTimeout: 4_000 });
  const send = createSend(pool, tokenSourceOf(options.auth, pool), retryPolicy(options.retry));
  const resources = new Resources(send, new EtagCache(options.etagCacheSize), options.idempotencyKeys ?? true);
  const base = options.baseUrl.replace(/\/+$/, '');
  let root: Promise<Linked & Record<string, unknown>> | undefined;
  const readRoot = () =>
    (root ??= (resources.read(base) as Promise<Linked & Record<string, unknown>>).catch((error: unknown) => {
      root = undefined; // not remembered: the next call asks again
      throw error;
    }));

  async function collectionUrl(name: string): Promise<string> {
    const document = await readRoot();
    const href =
      typeof document[`${name}_url`] === 'string'
        ? (document[`${name}_url`] as string)
        : document.links?.find(
            (link) => link.rel.startsWith('collection ') && link.href.split('?')[0]?.endsWith(`/${name}`),
          )?.href;
    if (href === undefined) throw new Error(`The root document of ${base} names no collection "${name}"`);
    return new URL(href, base).href;
  }

  return {
    collection(name) {
      let url: Promise<string> | undefined;
      return new CollectionClient(resources, () => (url ??= collectionUrl(name)), options.jobPollMs ?? 1000);
    },
    root: readRoot,
    read: (url, signal) => resources.read(new URL(url, base).href, signal),
    follow: (document, rel, signal) => followLink(resources, document, rel, base, signal),
    pages: (start, signal) =>
      pagesFrom(resources, typeof start === 'string' ? new URL(start, base).href : start, signal),
    all: (start, signal) =>
      recordsFrom(pagesFrom(resources, typeof start === 'string' ? new URL(start, base).href : start, signal)),
    close: async () => {
      if (!options.dispatcher) await pool.close();
    },
  };
}
