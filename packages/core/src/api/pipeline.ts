import { ApiError, renderError, toApiError, type ErrorDocsUrl } from '@corral/errors';
import type { VersionedPath, Versioning } from '@corral/versioning';
import type { Authenticator, Principal } from '../auth/principal.js';
import { requireAccess } from '../auth/require-scope.js';
import { accepts } from '../http/accept.js';
import { jsonResponse, type CorralRequest, type CorralResponse } from '../http/exchange.js';
import { rejectUnknownParameters } from '../http/query-params.js';
import { checkPathParameters } from '../http/input-limits.js';
import { hasTrailingSlash, trailingSlashResponse } from '../http/trailing-slash.js';
import type { Logger } from '../http/logger.js';
import { requestIdFor } from '../http/request-id.js';
import type { Router } from '../router/router.js';
import { storedRequest } from '../http/stored-request.js';
import type { JobRequest, JobResult } from './job-store.js';
import type { ApiSettings, HandlerContext, RequestState, RouteDefinition, RouteInfo } from './context.js';
import { runUntilAnswer, type CompiledHooks } from './hooks.js';

/** A route as the router keeps it: its definition and the hooks compiled for it. */
export interface CompiledRoute {
  readonly definition: RouteDefinition;
  readonly hooks: CompiledHooks;
}

export interface PipelineParts {
  readonly versioning: Versioning;
  readonly routers: ReadonlyMap<number, Router<CompiledRoute>>;
  readonly settings: ApiSettings;
  readonly auth: Authenticator | undefined;
  readonly logger: Logger;
  readonly origin: string;
  /** Hooks for requests that match no route (the API-wide ones). */
  readonly hooks: CompiledHooks;
}

/** Methods answered for the version listing and other read-only paths. */
const readOnlyAllow = 'GET, HEAD';

/** The request pipeline both adapters share, and the way stored jobs are run through it. */
export interface Pipeline {
  /** One request, authenticated as it says. */
  handle(request: CorralRequest): Promise<CorralResponse>;
  /** Resolves once no onResponse hook is still working on an answer already given. */
  settled(): Promise<void>;
  /** A job's request, run as the principal stored with it (its token may have expired since). */
  runJob(request: JobRequest): Promise<JobResult>;
}

/** One object per request carries everything hooks and handlers see; fields fill in as the request advances. */
class Context implements HandlerContext {
  route!: RouteInfo;
  params: Readonly<Record<string, string>> = {};
  principal: Principal | undefined;
  private stateObject: RequestState | undefined;

  constructor(
    readonly request: CorralRequest,
    readonly requestId: string,
    public prefix: string,
    readonly settings: ApiSettings,
    readonly fromJob: boolean,
  ) {}

  /** Made on first use: most requests never carry state. */
  get state(): RequestState {
    return (this.stateObject ??= {});
  }

  get signal(): AbortSignal | undefined {
    return this.request.signal;
  }

  get remoteAddress(): string | undefined {
    return this.request.remoteAddress;
  }
}

/** Where a request goes, decided before any hook runs. */
type Target =
  | { readonly kind: 'trailingSlash' }
  | { readonly kind: 'listing' }
  | { readonly kind: 'route'; readonly route: CompiledRoute; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'none'; readonly error: ApiError };

/** Builds the single request pipeline both adapters share. */
export function createPipeline(parts: PipelineParts): Pipeline {
  const latest = parts.versioning.versions[parts.versioning.versions.length - 1]!;
  const listing = parts.versioning.listing();
  const docsUrlFor =
    (prefix: string): ErrorDocsUrl =>
    (code) =>
      `${parts.origin}${prefix}/errors/${code}`;
  // Decided once: pino's level does not change under a running API in normal use.
  const accessLog = parts.logger.isLevelEnabled?.('info') ?? true;
  const latestPrefix = parts.versioning.prefix(latest);

  /**
   * The version a path addresses; a path no version serves is a target of its own, so that
   * onRequest hooks still run first.
   */
  function versionOf(path: string): VersionedPath | { readonly kind: 'none'; readonly error: ApiError } {
    try {
      return parts.versioning.match(path);
    } catch (thrown) {
      return { kind: 'none', error: toApiError(thrown) };
    }
  }

  function locate(request: CorralRequest, target: VersionedPath & { kind: 'api' }): Target {
    const rest = target.rest === '' ? '/' : target.rest;
    const found = parts.routers.get(target.version)!.find(request.method === 'HEAD' ? 'GET' : request.method, rest);
    if (found.kind === 'found') return { kind: 'route', route: found.handler, params: found.params };
    if (found.kind === 'notFound')
      return { kind: 'none', error: new ApiError('routeNotFound', `No endpoint at ${request.path.slice(0, 200)}`) };
    const allow = withHead(found.allow).join(', ');
    return {
      kind: 'none',
      error: new ApiError('methodNotAllowed', `${request.method} is not supported on this path. Allowed: ${allow}`, {
        headers: { allow },
      }),
    };
  }

  /** From a matched route to the handler's answer; throws ApiErrors for the caller to render. */
  async function serveRoute(
    context: Context,
    route: CompiledRoute,
    runAs: Principal | undefined,
  ): Promise<CorralResponse> {
    const { definition, hooks } = route;
    checkPathParameters(context.params);
    const produces = definition.produces ?? 'application/json';
    if (produces !== '*/*' && !accepts(context.request.header('accept'), produces)) {
      throw new ApiError(
        'notAcceptable',
        `This resource is available as ${produces} only; the Accept header excludes it`,
      );
    }
    if (definition.access !== 'public')
      context.principal = context.fromJob
        ? runAs
        : parts.auth
          ? await parts.auth.authenticate(context.request)
          : undefined;
    if (hooks.preHandler.length > 0) {
      const running = runUntilAnswer(hooks.preHandler, context);
      const answer = running instanceof Promise ? await running : running;
      // An answer from a hook (a cache, a replay) is the route's answer: it needs the route's access too.
      if (answer) {
        requireAccess(parts.auth, context.principal, definition.access);
        return answer;
      }
    }
    // The one place access is enforced: no handler checks scopes, so none can forget to.
    requireAccess(parts.auth, context.principal, definition.access);
    // Routes that take no query parameters refuse any (a typo such as ?dry_run=true must not be ignored).
    if (!definition.checksQuery && context.request.rawQuery !== '') rejectUnknownParameters(context.request.query, []);
    return definition.handler(context);
  }

  /** The version listing at the base path. */
  function listingResponse(request: CorralRequest): CorralResponse {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new ApiError('methodNotAllowed', `${request.method} is not supported here`, {
        headers: { allow: readOnlyAllow },
      });
    }
    if (!accepts(request.header('accept'), 'application/json'))
      throw new ApiError('notAcceptable', 'The version list is available as application/json only');
    rejectUnknownParameters(request.query, []);
    return jsonResponse(200, listing);
  }

  /** Hooks first when there are any; without them no extra async step is taken. */
  function answer(
    context: Context,
    target: Target,
    hooks: CompiledHooks,
    runAs: Principal | undefined,
  ): CorralResponse | Promise<CorralResponse> {
    if (hooks.onRequest.length === 0) return serveTarget(context, target, runAs);
    const early = runUntilAnswer(hooks.onRequest, context);
    if (early instanceof Promise) return early.then((found) => found ?? serveTarget(context, target, runAs));
    return early ?? serveTarget(context, target, runAs);
  }

  function serveTarget(
    context: Context,
    target: Target,
    runAs: Principal | undefined,
  ): CorralResponse | Promise<CorralResponse> {
    switch (target.kind) {
      case 'trailingSlash':
        return trailingSlashResponse(context.request);
      case 'listing':
        return listingResponse(context.request);
      case 'none':
        throw target.error;
      case 'route':
        return serveRoute(context, target.route, runAs);
    }
  }

  async function failed(context: Context, thrown: unknown, hooks: CompiledHooks): Promise<CorralResponse> {
    const error = toApiError(thrown);
    for (const hook of hooks.onError) {
      try {
        await hook(context, error);
      } catch (hookFailure) {
        parts.logger.error({ requestId: context.requestId, err: hookFailure }, 'onError hook failed');
      }
    }
    const rendered = renderError(error, docsUrlFor(context.prefix));
    if (rendered.status >= 500)
      parts.logger.error(
        {
          requestId: context.requestId,
          err: error.cause ?? error,
          method: context.request.method,
          path: context.request.path,
        },
        'request failed',
      );
    return jsonResponse(rendered.status, rendered.body, { ...rendered.headers });
  }

  /** `job` is set when a stored job runs: its principal replaces authentication. */
  async function handle(
    request: CorralRequest,
    job?: { readonly principal: Principal | undefined },
  ): Promise<CorralResponse> {
    const started = accessLog ? performance.now() : 0;
    const runAs = job?.principal;
    const context = new Context(
      request,
      requestIdFor(request.header('x-request-id')),
      latestPrefix,
      parts.settings,
      job !== undefined,
    );
    let hooks = parts.hooks;
    let response: CorralResponse;
    try {
      let target: Target;
      if (hasTrailingSlash(request.path)) target = { kind: 'trailingSlash' };
      else {
        const versioned = versionOf(request.path);
        if (versioned.kind === 'none') target = versioned;
        else if (versioned.kind === 'listing') target = { kind: 'listing' };
        else {
          context.prefix = versioned.prefix;
          target = locate(request, versioned);
          if (target.kind === 'route') {
            hooks = target.route.hooks;
            context.route = target.route.definition;
            context.params = target.params;
          }
        }
      }
      response = await answer(context, target, hooks, runAs);
    } catch (thrown) {
      response = await failed(context, thrown, hooks);
    }
    if (hooks.onSend.length > 0) response = await sent(context, response, hooks);
    response.headers['x-request-id'] = context.requestId;
    if (hooks.onResponse.length > 0) observe(context, response, hooks);
    if (accessLog) {
      parts.logger.info(
        {
          requestId: context.requestId,
          method: request.method,
          path: request.path,
          status: response.status,
          ms: Math.round((performance.now() - started) * 100) / 100,
        },
        'request',
      );
    }
    return response;
  }

  /**
   * Runs every onSend hook, in order. One that throws turns the answer into that error, and the
   * hooks after it still run on the error answer: each must see the answer that goes out (an
   * idempotency key is settled, CORS headers are added).
   */
  async function sent(context: Context, response: CorralResponse, hooks: CompiledHooks): Promise<CorralResponse> {
    for (const hook of hooks.onSend) {
      try {
        const changed = hook(context, response);
        response = (changed instanceof Promise ? await changed : changed) ?? response;
      } catch (thrown) {
        response = await failed(context, thrown, hooks);
      }
    }
    return response;
  }

  /** onResponse work still running (an audit write): close() waits for it. */
  const observing = new Set<Promise<void>>();
  const logObserverFailure = (context: Context) => (hookFailure: unknown) =>
    parts.logger.error({ requestId: context.requestId, err: hookFailure }, 'onResponse hook failed');

  /**
   * Shows every onResponse hook a frozen copy of the answer, in order. The answer does not wait for
   * what a hook awaits; a failure, thrown or rejected, is only logged.
   */
  function observe(context: Context, response: CorralResponse, hooks: CompiledHooks): void {
    const seen: CorralResponse = Object.freeze({ ...response, headers: Object.freeze({ ...response.headers }) });
    for (const hook of hooks.onResponse) {
      try {
        const pending = hook(context, seen);
        if (pending && typeof pending.then === 'function') {
          const tracked: Promise<void> = pending
            .then(undefined, logObserverFailure(context))
            .finally(() => observing.delete(tracked));
          observing.add(tracked);
        }
      } catch (hookFailure) {
        logObserverFailure(context)(hookFailure);
      }
    }
  }

  return {
    handle: (request) => handle(request),
    async settled() {
      while (observing.size > 0) await Promise.all(observing);
    },
    async runJob(job) {
      const principal = job.principal && { ...job.principal, scopes: new Set(job.principal.scopes) };
      const response = await handle(storedRequest(job), { principal });
      return { status: response.status, ...(typeof response.body === 'string' ? { body: response.body } : {}) };
    },
  };
}

function withHead(allow: readonly string[]): string[] {
  return allow.includes('GET') && !allow.includes('HEAD') ? [...allow, 'HEAD'].sort() : [...allow];
}
