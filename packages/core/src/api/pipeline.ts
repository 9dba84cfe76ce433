import type { ErrorDocsUrl } from '@corral/errors';
import type { Versioning } from '@corral/versioning';
import type { Authenticator, Principal } from '../auth/principal.js';
import { trailingSlashResponse } from '../http/trailing-slash.js';
import type { CorralRequest, CorralResponse } from '../http/exchange.js';
import type { Logger } from '../http/logger.js';
import { requestIdFor } from '../http/request-id.js';
import type { JobRequest, JobResult } from '../jobs/job-store.js';
import { replayJob } from '../jobs/replay.js';
import type { Router } from '../router/router.js';
import type { ApiSettings } from '../vocabulary/context.js';
import { runUntilAnswer, type CompiledHooks } from './compile-hooks.js';
import type { CompiledRoute } from './compiled-route.js';
import { answerThrown } from './thrown-answer.js';
import { errorDocsUrl } from './error-pages.js';
import { PipelineContext } from './request-context.js';
import { targetOf, type Target } from './request-target.js';
import { responseObservers } from './response-observers.js';
import { runSendHooks } from './send-hooks.js';
import { serveRoute } from './serve-route.js';
import { streamedAnswers } from './stream-end.js';
import { versionListing } from './version-listing.js';

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

/** The request pipeline both adapters share, and the way stored jobs are run through it. */
export interface Pipeline {
  /** One request, authenticated as it says. */
  handle(request: CorralRequest): Promise<CorralResponse>;
  /** Resolves once no onResponse hook is still working on an answer already given. */
  settled(): Promise<void>;
  /** Tells every streamed answer still open to end (`api.close()`); those that start later are told at once. */
  stopStreams(): void;
  /** A job's request, run as the principal stored with it (its token may have expired since). */
  runJob(request: JobRequest): Promise<JobResult>;
}

/**
 * Builds the single request pipeline both adapters share: find the target, run the onRequest
 * hooks, serve it, turn a failure into the error answer, then onSend, onResponse and the access log
 * (for a streamed answer: when its stream ends).
 */
export function createPipeline(parts: PipelineParts): Pipeline {
  const { versioning, routers, logger } = parts;
  const listing = versioning.listing();
  const latestPrefix = versioning.prefix(versioning.versions[versioning.versions.length - 1]!);
  const docsUrls = new Map<string, ErrorDocsUrl>();
  const docsUrlFor = (prefix: string): ErrorDocsUrl => {
    let url = docsUrls.get(prefix);
    if (!url) docsUrls.set(prefix, (url = errorDocsUrl(parts.origin, prefix)));
    return url;
  };
  // Decided once: pino's level does not change under a running API in normal use.
  const accessLog = logger.isLevelEnabled?.('info') ?? true;
  const observers = responseObservers(logger);
  const streams = streamedAnswers();

  function serveTarget(context: PipelineContext, target: Target, runAs: Principal | undefined) {
    switch (target.kind) {
      case 'trailingSlash':
        return trailingSlashResponse(context.request);
      case 'listing':
        return versionListing(context.request, listing);
      case 'none':
        throw target.error;
      case 'route':
        return serveRoute(context, target.route, parts.auth, runAs);
    }
  }

  /** The error answer for anything thrown while answering (made once, not per request). */
  const failed = (context: PipelineContext, thrown: unknown, hooks: CompiledHooks) =>
    answerThrown(context, thrown, hooks, logger, docsUrlFor(context.prefix));

  /** onRequest hooks first when there are any; without them no extra async step is taken. */
  function answer(
    context: PipelineContext,
    target: Target,
    hooks: CompiledHooks,
    runAs: Principal | undefined,
  ): CorralResponse | Promise<CorralResponse> {
    if (hooks.onRequest.length === 0) return serveTarget(context, target, runAs);
    const early = runUntilAnswer(hooks.onRequest, context);
    if (early instanceof Promise) return early.then((found) => found ?? serveTarget(context, target, runAs));
    return early ?? serveTarget(context, target, runAs);
  }

  /** `job` is set when a stored job runs: its principal replaces authentication. */
  async function handle(
    request: CorralRequest,
    job?: { readonly principal: Principal | undefined },
  ): Promise<CorralResponse> {
    const started = accessLog ? performance.now() : 0;
    const requestId = requestIdFor(request.header('x-request-id'));
    const context = new PipelineContext(request, requestId, latestPrefix, parts.settings, job !== undefined);
    let hooks = parts.hooks;
    let response: CorralResponse;
    try {
      const target = targetOf(request, versioning, routers);
      if (target.kind === 'route') {
        hooks = target.route.hooks;
        context.route = target.route.definition;
        context.params = target.params;
      }
      if ((target.kind === 'route' || target.kind === 'none') && target.prefix) context.prefix = target.prefix;
      response = await answer(context, target, hooks, job?.principal);
    } catch (thrown) {
      response = await failed(context, thrown, hooks);
    }
    if (hooks.onSend.length > 0) response = await runSendHooks(context, response, hooks, failed);
    response.headers['x-request-id'] = requestId;
    const answered = response;
    const onResponse = hooks.onResponse.length > 0;
    streams.whenAnswered(request.method, answered, () => {
      if (onResponse) observers.observe(context, answered, hooks);
      if (accessLog) {
        const ms = Math.round((performance.now() - started) * 100) / 100;
        logger.info({ requestId, method: request.method, path: request.path, status: answered.status, ms }, 'request');
      }
    });
    return response;
  }

  return {
    handle: (request) => handle(request),
    settled: () => observers.settled(),
    stopStreams: () => streams.stop(),
    runJob: (job) => replayJob(job, handle),
  };
}
