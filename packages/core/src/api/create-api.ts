import { ApiError, CorralError, errorRegistry, renderError, type AppErrorCodes } from '@corral/errors';
import { parsePaging, withPagingDefaults, type PagingOptions } from '@corral/pagination';
import { createVersioning } from '@corral/versioning';
import type { Authenticator } from '../auth/principal.js';
import { jsonResponse, type CorralRequest, type CorralResponse } from '../http/exchange.js';
import { fromFetchRequest, toFetchResponse } from '../http/fetch-adapter.js';
import { defaultLogger, type Logger } from '../http/logger.js';
import type { NodeMounts } from '../http/node-handler.js';
import { nodeServing, type NodeServing } from '../http/node-serving.js';
import { requestIdFor } from '../http/request-id.js';
import type { ServerSettings } from '../http/server-settings.js';
import { IndexedRouter } from '../router/indexed-router.js';
import { bulkLimitOf } from './bulk-limit.js';
import { expandSettingsOf, type ExpandOptions } from '../collection/expand-options.js';
import { checkParentKeys } from './seed-check.js';
import { storeLifecycle } from './store-lifecycle.js';
import { healthEndpoints, type HealthOptions } from './health.js';
import type { ApiHooks } from '../vocabulary/hooks.js';
import { compileHooks, hooksForRoute } from './compile-hooks.js';
import type { JobStore } from '../jobs/job-store.js';
import { memoryJobs } from '../jobs/memory-jobs.js';
import type { ApiPlugin } from '../vocabulary/plugin.js';
import { pluginRoutes } from './plugin-routes.js';
import type { CompiledRoute } from './compiled-route.js';
import { errorDocsUrl as errorPageUrl } from './error-pages.js';
import { createPipeline } from './pipeline.js';
import { linkedRuntimes, versionRoutes, type VersionDefinition } from './version-routes.js';
import { feedSettingsOf, type FeedOptions } from '../feed/feed-settings.js';

/**
 * Everything {@link createApi} needs. A single-version API gives `version`, `collections` and
 * `operations` directly; several versions go in `versions` instead.
 */
export interface ApiOptions extends Partial<VersionDefinition>, FeedOptions {
  /** Several major versions side by side; use instead of `version`/`collections`/`operations`. */
  readonly versions?: readonly VersionDefinition[];
  /** Title of the API in root documents. */
  readonly title?: string;
  /** Mount everything below this path, e.g. `/api`. */
  readonly basePath?: string;
  /** Origin clients reach the API at (e.g. `https://zoo.example`), for absolute URLs in answers. */
  readonly publicUrl?: string;
  /** Checks access tokens; without it every route is open and no scope is enforced. */
  readonly auth?: Authenticator;
  /** Largest request body in bytes (default 1 MiB). */
  readonly bodyLimit?: number;
  /** Most records one bulk PUT may carry (default 1000); more are refused with 413. */
  readonly bulkLimit?: number;
  /** Default and maximum page size of every list, checked once at creation. */
  readonly paging?: PagingOptions;
  /**
   * How far `?expand=` may reach: chains of at most `maxDepth` relations (2), `childLimit` records
   * per to-many relation (10).
   */
  readonly expand?: ExpandOptions;
  /** Where request and failure logs go; defaults to pino on stdout. */
  readonly logger?: Logger;
  /**
   * Other node:http handlers served beside the API, by path prefix (e.g. an embedded
   * authorization server at `/oauth`). They see the request unchanged. Only `listen` and
   * `nodeHandler` serve them; `fetch` answers 404 there.
   */
  readonly mounts?: NodeMounts;
  /** Extras built from the declarations, such as the OpenAPI document and a docs page. */
  readonly plugins?: readonly ApiPlugin[];
  /**
   * Timeouts and the connection cap of the server `listen` starts (see {@link ServerSettings});
   * TLS is given to `listen` itself.
   */
  readonly server?: ServerSettings;
  /**
   * Where work accepted with `Prefer: respond-async` is kept and run: `memoryJobs()` (this process,
   * lost on restart) unless given, e.g. a database job store that any process of the API can run.
   */
  readonly jobs?: JobStore;
  /**
   * Hooks of the application itself, run before those of plugins (see {@link ApiHooks}). An API
   * without hooks runs none of the hook machinery.
   */
  readonly hooks?: ApiHooks | readonly ApiHooks[];
  /**
   * The application's own error codes (from `defineErrorCodes`), served on the error pages of
   * every version beside the built-in ones. Two codes with one number or name fail at startup.
   */
  readonly errorCodes?: AppErrorCodes | readonly AppErrorCodes[];
  /**
   * `GET /health` (alive) and `GET /ready` (stores open and answering, else 503) below the base
   * path, outside every version; on unless `false` (see docs/health.md).
   */
  readonly health?: HealthOptions | false;
}

/**
 * A ready API: serve it with `listen`, mount `nodeHandler` in a node:http (or node:http2) server,
 * or call `fetch`.
 */
export interface Api extends NodeServing {
  /**
   * Web-standard entry: Request in, Response out. `info.remoteAddress` tells hooks (such as a rate
   * limiter) who is calling, where the runtime knows it.
   */
  fetch(request: Request, info?: { readonly remoteAddress?: string }): Promise<Response>;
  /** The adapter-neutral pipeline, for other runtimes and tests. */
  handle(request: CorralRequest): Promise<CorralResponse>;
  /**
   * Resolves once every store is open (`init`) and the API's data has been checked; rejects with
   * what is wrong, such as stored (seed) records whose parent key names no parent record. Await
   * it before serving; requests that come earlier wait for the stores.
   */
  ready(): Promise<void>;
  /**
   * Call once no more requests will come: tells streamed answers (feeds) still open to end, closes
   * the stores and writes out what the logger still buffers.
   */
  close(): Promise<void>;
}

/** The application's hooks first, then each plugin's, in the order given. */
function allHooks(options: ApiOptions): ApiHooks[] {
  const own =
    options.hooks === undefined ? [] : Array.isArray(options.hooks) ? options.hooks : [options.hooks as ApiHooks];
  return [...own, ...(options.plugins ?? []).flatMap((plugin) => (plugin.hooks ? [plugin.hooks] : []))];
}

function withRequestId(response: CorralResponse, request: CorralRequest): CorralResponse {
  response.headers['x-request-id'] = requestIdFor(request.header('x-request-id'));
  return response;
}

function versionDefinitions(options: ApiOptions): VersionDefinition[] {
  if (options.versions) {
    if (options.collections || options.operations || options.version !== undefined) {
      throw new CorralError(
        'CORRAL_CONFLICTING_VERSION_OPTIONS',
        'Give either versions, or version/collections/operations, not both',
      );
    }
    return [...options.versions];
  }
  return [
    { version: options.version ?? 1, collections: options.collections ?? [], operations: options.operations ?? [] },
  ];
}

/** The application's error codes, then each plugin's, in plugin order. */
function registeredCatalogues(options: ApiOptions): readonly AppErrorCodes[] {
  const own =
    options.errorCodes === undefined
      ? []
      : Array.isArray(options.errorCodes)
        ? options.errorCodes
        : [options.errorCodes as AppErrorCodes];
  return [...own, ...(options.plugins ?? []).flatMap((plugin) => (plugin.errorCodes ? [plugin.errorCodes] : []))];
}

/** Assembles collections and operations into an API. Everything that can be prepared is prepared here. */
export function createApi(options: ApiOptions): Api {
  const definitions = versionDefinitions(options);
  const versioning = createVersioning({
    versions: definitions.map((d) => d.version),
    ...(options.basePath ? { basePath: options.basePath } : {}),
  });
  const paging = options.paging ?? {};
  parsePaging(new URLSearchParams(), paging); // a bad paging setting fails here, at startup, not on every list
  const origin = (options.publicUrl ?? '').replace(/\/+$/, '');
  const hooks = allHooks(options);
  const codes = errorRegistry(registeredCatalogues(options));
  const routers = new Map(
    definitions.map((definition) => {
      const router = new IndexedRouter<CompiledRoute>();
      const runtimes = linkedRuntimes(definition.collections ?? [], paging);
      const own = versionRoutes(definition, options.title ?? 'API', origin || undefined, paging, codes, runtimes);
      const routes = [...own, ...pluginRoutes(options, definition, versioning, origin, own, runtimes)];
      for (const route of routes)
        router.add(route.method, route.pattern, {
          definition: route,
          hooks: hooksForRoute(hooks, { ...route, version: definition.version }),
        });
      return [definition.version, router] as const;
    }),
  );
  const logger = options.logger ?? defaultLogger();
  const stores = storeLifecycle(definitions);
  const jobs = options.jobs ?? memoryJobs();
  const pipeline = createPipeline({
    versioning,
    routers,
    settings: {
      bodyLimit: options.bodyLimit ?? 1024 * 1024,
      bulkLimit: bulkLimitOf(options),
      paging,
      expand: expandSettingsOf(options.expand, withPagingDefaults(paging).maxLimit),
      auth: options.auth,
      jobs,
      feeds: feedSettingsOf(options),
    },
    auth: options.auth,
    logger,
    origin,
    hooks: compileHooks(hooks),
  });
  // Answers given outside any version's routes point at the newest version's error pages.
  const latestPrefix = versioning.prefix(versioning.versions[versioning.versions.length - 1]!);
  const errorDocsUrl = errorPageUrl(origin, latestPrefix);
  let stopping = false;
  const health = healthEndpoints(options.health, {
    basePath: versioning.basePath,
    stores,
    stopping: () => stopping,
    docsUrl: errorDocsUrl,
  });
  // Requests that arrive while the stores are still opening wait for them; afterwards, nothing is
  // awaited. When opening failed, they get a 503 (the log says why) rather than a dropped connection.
  const notOpened = (request: CorralRequest): CorralResponse => {
    const rendered = renderError(
      new ApiError('serviceUnavailable', 'The service could not open its data; it must be restarted', {
        headers: { 'retry-after': '5' },
      }),
      errorDocsUrl,
    );
    return withRequestId(jsonResponse(rendered.status, rendered.body, rendered.headers), request);
  };
  const serve = (request: CorralRequest): Promise<CorralResponse> =>
    stores.isInitialized()
      ? pipeline.handle(request)
      : stores.initialized.then(
          () => pipeline.handle(request),
          () => notOpened(request),
        );
  // Health is answered first: it must not wait for the stores, nor pass authentication or hooks.
  const handle = health
    ? (request: CorralRequest): Promise<CorralResponse> => {
        const answer = health.answer(request);
        return answer ? answer.then((response) => withRequestId(response, request)) : serve(request);
      }
    : serve;
  jobs.start((request) => stores.initialized.then(() => pipeline.runJob(request)));
  let checked: Promise<void> | undefined;
  return {
    ...nodeServing({ handle, mounts: options.mounts ?? {}, server: options.server, docsUrl: errorDocsUrl }),
    handle,
    ready: () =>
      (checked ??= stores.initialized
        .then(() => Promise.all(definitions.map((definition) => checkParentKeys(definition.collections ?? []))))
        .then(async () => {
          for (const set of hooks) await set.onReady?.();
        })),
    fetch: async (request, info) =>
      toFetchResponse(request.method.toUpperCase(), await handle(fromFetchRequest(request, info?.remoteAddress))),
    close: async () => {
      stopping = true;
      // Every step runs even when one fails (a plugin's client already gone): the stores must close.
      const failures: unknown[] = [];
      const step = async (work: () => unknown) => {
        try {
          await work();
        } catch (error) {
          failures.push(error);
        }
      };
      // Feeds still open are told to end (with their retry hint) before what they read from closes.
      pipeline.stopStreams();
      await step(() => pipeline.settled()); // audit records and spans of answers already given
      for (const set of hooks) await step(() => set.onClose?.());
      await step(() => jobs.close?.());
      await step(() => stores.close());
      await new Promise<void>((resolve) => (logger.flush ? logger.flush(() => resolve()) : resolve()));
      if (failures.length > 0) throw new AggregateError(failures, `api.close(): ${failures.length} step(s) failed`);
    },
  };
}
