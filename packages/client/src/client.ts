import { Agent, type Dispatcher } from 'undici';
import { checkedBaseUrl, type ClientOptions } from './client-options.js';
import { CollectionClient } from './collection.js';
import { Destinations } from './destinations.js';
import { EtagCache } from './etag-cache.js';
import type { FeedTransport } from './feed-connection.js';
import { failure } from './failures.js';
import { followLink } from './follow.js';
import type { Linked } from './links.js';
import type { Page } from './page.js';
import { pagesFrom, recordsFrom, type PageStart } from './paging.js';
import { Resources } from './resources.js';
import { retryPolicy } from './retry.js';
import { collectionUrl, rootReader, type RootDocument } from './root.js';
import type { CollectionShape, UntypedShape } from './shapes.js';
import { clientCredentials, staticToken, type TokenSource } from './tokens.js';
import { createSend } from './transport.js';
import { abortable } from './waits.js';
import { WebhooksClient } from './webhooks.js';

/** A client of one API version; `Api` maps collection names to their {@link CollectionShape}s. */
export interface CorralClient<Api extends object = Record<string, UntypedShape>> {
  /** The collection of this name, found through the root document's links. */
  collection<N extends Extract<keyof Api, string>>(
    name: N,
  ): CollectionClient<Api[N] extends CollectionShape ? Api[N] : UntypedShape>;
  /** The root document (read once, then remembered). */
  root(signal?: AbortSignal): Promise<RootDocument>;
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
  /** The API's webhook subscriptions (`<baseUrl>/webhooks`): create, list, change, rotate secrets, see deliveries. */
  readonly webhooks: WebhooksClient<Api>;
  /** Ends the client's feeds and closes its connection pools (not a dispatcher you gave). */
  close(): Promise<void>;
}

function tokenSourceOf(auth: ClientOptions['auth'], dispatcher: Dispatcher): TokenSource | undefined {
  if (auth === undefined) return undefined;
  if (typeof auth === 'string') return staticToken(auth);
  return 'token' in auth ? auth : clientCredentials(auth, dispatcher);
}

/**
 * A client for an API that follows Corral's conventions. Untyped by default; give `Api` (see
 * `CollectionTypes` and `OpenApiTypes`) to type records, filters, sorting and link rels. Settings
 * that cannot work (a `baseUrl` that is no http(s) URL, an issuer that is none) throw a
 * `CorralClientError` of kind `configuration` here, before anything is sent.
 */
export function createClient<Api extends object = Record<string, UntypedShape>>(
  options: ClientOptions,
): CorralClient<Api> {
  const base = checkedBaseUrl(options.baseUrl);
  const pool = options.dispatcher ?? new Agent({ connections: options.connections ?? 10, keepAliveTimeout: 4_000 });
  const tokens = tokenSourceOf(options.auth, pool);
  const policy = retryPolicy(options.retry);
  const destinations = new Destinations(base);
  const send = createSend(pool, tokens, policy, destinations);
  // A feed holds its connection as long as it runs: feeds get a pool of their own, made at the first,
  // so that they never take the connections plain requests wait for.
  let feedPool: Agent | undefined;
  const closing = new AbortController();
  const feeds: FeedTransport = {
    dispatcher: () => options.dispatcher ?? (feedPool ??= new Agent({ keepAliveTimeout: 4_000 })),
    tokens,
    destinations,
    policy,
    closed: closing.signal,
  };
  const etags = new EtagCache(options.etagCacheSize);
  const resources = new Resources(send, etags, options.idempotencyKeys ?? true, feeds);
  const readRoot = rootReader(resources, base);
  const absolute = (url: string) => {
    if (URL.canParse(url, base)) return new URL(url, base).href;
    throw failure('usage', `GET ${url}`, `${JSON.stringify(url)} is no URL, nor a path below ${base}`);
  };

  // A generator, so that a bad start URL fails its first `next()` as every other failure does.
  async function* walk<R>(start: PageStart<R>, signal?: AbortSignal): AsyncGenerator<Page<R>> {
    yield* pagesFrom(resources, typeof start === 'string' ? absolute(start) : start, signal);
  }

  return {
    collection(name) {
      let url: Promise<string> | undefined;
      const find = () =>
        (url ??= readRoot()
          .then((document) => collectionUrl(document, name, base))
          .catch((error: unknown) => {
            url = undefined; // a failed lookup is tried again
            throw error;
          }));
      // The lookup is shared by the collection's calls: an aborted call stops waiting for it, nothing more.
      const located = (signal?: AbortSignal) => abortable(find, signal, `GET ${base}`);
      return new CollectionClient(resources, located, options.jobPollMs ?? 1000);
    },
    root: (signal) => abortable(readRoot, signal, `GET ${base}`),
    read: async (url, signal) => resources.read(absolute(url), signal),
    follow: (document, rel, signal) => followLink(resources, document, rel, base, signal),
    pages: walk,
    all: (start, signal) => recordsFrom(walk(start, signal)),
    webhooks: new WebhooksClient<Api>(resources, base),
    close: async () => {
      closing.abort();
      await feedPool?.close();
      if (!options.dispatcher) await pool.close();
    },
  };
}
