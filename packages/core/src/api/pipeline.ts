import { ApiError, renderError, type ErrorDocsUrl } from '@corral/errors';
import type { VersionedPath, Versioning } from '@corral/versioning';
import type { Authenticator, Principal } from '../auth/principal.js';
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
import type { ApiSettings, HandlerContext, RouteDefinition } from './context.js';

export interface PipelineParts {
  readonly versioning: Versioning;
  readonly routers: ReadonlyMap<number, Router<RouteDefinition>>;
  readonly settings: ApiSettings;
  readonly auth: Authenticator | undefined;
  readonly logger: Logger;
  readonly origin: string;
}

/** Methods answered for the version listing and other read-only paths. */
const readOnlyAllow = 'GET, HEAD';

/** The request pipeline both adapters share, and the way stored jobs are run through it. */
export interface Pipeline {
  /** One request, authenticated as it says. */
  handle(request: CorralRequest): Promise<CorralResponse>;
  /** A job's request, run as the principal stored with it (its token may have expired since). */
  runJob(request: JobRequest): Promise<JobResult>;
}

/** Builds the single request pipeline both adapters share. */
export function createPipeline(parts: PipelineParts): Pipeline {
  const latest = parts.versioning.versions[parts.versioning.versions.length - 1]!;
  const listing = parts.versioning.listing();
  const docsUrlFor = (prefix: string): ErrorDocsUrl => (code) => `${parts.origin}${prefix}/errors/${code}`;

  function errorResponse(thrown: unknown, prefix: string, request: CorralRequest, requestId?: string): CorralResponse {
    const rendered = renderError(thrown, docsUrlFor(prefix));
    if (rendered.status >= 500) parts.logger.error({ requestId, err: rendered.error.cause ?? thrown, method: request.method, path: request.path }, 'request failed');
    return jsonResponse(rendered.status, rendered.body, { ...rendered.headers });
  }

  // Decided once: pino's level does not change under a running API in normal use.
  const accessLog = parts.logger.isLevelEnabled?.('info') ?? true;
  const latestPrefix = parts.versioning.prefix(latest);

  /** What a handler receives; a class so that one object per request carries everything. */
  class Context implements HandlerContext {
    readonly settings = parts.settings;
    constructor(
      readonly request: CorralRequest,
      readonly params: Readonly<Record<string, string>>,
      readonly prefix: string,
      readonly principal: Principal | undefined,
    ) {}
  }

  /** Everything from the raw path to the handler's answer; throws ApiErrors for the caller to render. */
  async function dispatch(request: CorralRequest, target: VersionedPath & { kind: 'api' }, runAs?: Principal): Promise<CorralResponse> {
    const rest = target.rest === '' ? '/' : target.rest;
    const router = parts.routers.get(target.version)!;
    const found = router.find(request.method === 'HEAD' ? 'GET' : request.method, rest);
    if (found.kind === 'notFound') throw new ApiError('routeNotFound', `No endpoint at ${request.path.slice(0, 200)}`);
    if (found.kind === 'methodNotAllowed') {
      const allow = withHead(found.allow).join(', ');
      throw new ApiError('methodNotAllowed', `${request.method} is not supported on this path. Allowed: ${allow}`, { headers: { allow } });
    }
    const route = found.handler;
    checkPathParameters(found.params);
    const produces = route.produces ?? 'application/json';
    if (produces !== '*/*' && !accepts(request.header('accept'), produces)) {
      throw new ApiError('notAcceptable', `This resource is available as ${produces} only; the Accept header excludes it`);
    }
    const principal = runAs ?? (parts.auth && !route.public ? await parts.auth.authenticate(request) : undefined);
    // Routes that take no query parameters refuse any (a typo such as ?dry_run=true must not be ignored).
    if (!route.checksQuery && request.rawQuery !== '') rejectUnknownParameters(request.query, []);
    return route.handler(new Context(request, found.params, target.prefix, principal));
  }

  /** The version listing at the base path. */
  function listingResponse(request: CorralRequest): CorralResponse {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new ApiError('methodNotAllowed', `${request.method} is not supported here`, { headers: { allow: readOnlyAllow } });
    }
    if (!accepts(request.header('accept'), 'application/json')) throw new ApiError('notAcceptable', 'The version list is available as application/json only');
    rejectUnknownParameters(request.query, []);
    return jsonResponse(200, listing);
  }

  async function handle(request: CorralRequest, runAs?: Principal): Promise<CorralResponse> {
    const started = accessLog ? performance.now() : 0;
    const requestId = requestIdFor(request.header('x-request-id'));
    let prefix = latestPrefix;
    let response: CorralResponse;
    try {
      if (hasTrailingSlash(request.path)) response = trailingSlashResponse(request);
      else {
        const target = parts.versioning.match(request.path);
        if (target.kind === 'listing') response = listingResponse(request);
        else {
          prefix = target.prefix;
          response = await dispatch(request, target, runAs);
        }
      }
    } catch (thrown) {
      response = errorResponse(thrown, prefix, request, requestId);
    }
    response.headers['x-request-id'] = requestId;
    if (accessLog) {
      parts.logger.info({ requestId, method: request.method, path: request.path, status: response.status, ms: Math.round((performance.now() - started) * 100) / 100 }, 'request');
    }
    return response;
  }

  return {
    handle: (request) => handle(request),
    async runJob(job) {
      const principal = job.principal && { ...job.principal, scopes: new Set(job.principal.scopes) };
      const response = await handle(storedRequest(job), principal);
      return { status: response.status, ...(typeof response.body === 'string' ? { body: response.body } : {}) };
    },
  };
}

function withHead(allow: readonly string[]): string[] {
  return allow.includes('GET') && !allow.includes('HEAD') ? [...allow, 'HEAD'].sort() : [...allow];
}
