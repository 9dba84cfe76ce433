import { ApiError, CorralError } from '@corral/errors';
import type { HandlerContext, RequestContext, RouteInfo } from '../vocabulary/context.js';
import type { RequestHooks } from '../vocabulary/hooks.js';
import type { ApiPlugin } from '../vocabulary/plugin.js';
import { requireAccess } from '../auth/require-scope.js';
import type { CorralResponse } from '../http/exchange.js';
import { requestUnitStoresOf } from '../collection/request-unit.js';
import { prefersRespondAsync } from '../jobs/prefer.js';
import { answerInUnit, type HeldKey, requestInFlight } from './answer-in-unit.js';
import type { IdempotencyStore } from './idempotency-store.js';
import { idempotencyDocs } from './idempotency-docs.js';
import { fingerprintOf, idempotencyKeyOf } from './request-key.js';
import { isKept, replayOf, storedAnswerOf } from './stored-answer.js';

/** Settings of {@link idempotency}. */
export interface IdempotencyOptions {
  /** Where keys and answers are kept; shared by every process of the API. */
  readonly store: IdempotencyStore;
  /** How long a key is remembered after its first use; default 24 hours. */
  readonly windowSeconds?: number;
  /**
   * How long a request may hold its key unfinished before a retry may run it again (its process
   * died); default 60 s.
   */
  readonly leaseSeconds?: number;
  /** Refuse a POST without an `Idempotency-Key` (400); default false: the key is optional. */
  readonly required?: boolean;
  /** The clock, in ms since the epoch; for tests. */
  readonly now?: () => number;
}

/** A duration option in whole seconds, at least one; a mistake fails when the plugin is made. */
function secondsOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new CorralError(
      'CORRAL_INVALID_IDEMPOTENCY_OPTION',
      `idempotency: ${name} must be a whole number of seconds, at least 1; got ${value}`,
    );
  return value;
}

/** Routes whose requests may carry a key: every POST, and the bulk writes that `Prefer: respond-async` can defer. */
function coverageOf(route: RouteInfo): 'always' | 'async' | undefined {
  if (route.method === 'POST') return 'always';
  return route.kind === 'replaceAll' || route.kind === 'deleteAll' ? 'async' : undefined;
}

/**
 * Lets clients retry writes safely with an `Idempotency-Key` header: the first request with a key
 * runs and its answer is kept for the window; a retry with the same key and the same request gets
 * that answer again (marked `Idempotency-Replayed: true`) without running; the same key with
 * another request is refused (422), and one sent while the first still runs gets 409. Keys belong
 * to the caller (subject and client of the token; everyone shares them in an API without auth).
 */
export function idempotency(options: IdempotencyOptions): ApiPlugin {
  const { store, required = false, now = Date.now } = options;
  const windowMs = secondsOption('windowSeconds', options.windowSeconds, 24 * 60 * 60) * 1000;
  const leaseMs = secondsOption('leaseSeconds', options.leaseSeconds, 60) * 1000;
  /** Claims held by requests in progress, until their answer is kept or the key released. */
  const held = new WeakMap<RequestContext, HeldKey>();

  async function preHandler(
    context: HandlerContext,
    coverage: 'always' | 'async',
  ): Promise<CorralResponse | undefined> {
    if (context.fromJob) return undefined; // the key was checked when the job was accepted
    const { request, settings, principal } = context;
    const key = idempotencyKeyOf(request);
    if (key === undefined) {
      if (required && coverage === 'always')
        throw new ApiError('invalidIdempotencyKey', 'This API needs an Idempotency-Key header on every POST request');
      return undefined;
    }
    if (coverage === 'async' && !prefersRespondAsync(request.header('prefer'))) return undefined;
    // A caller refused access never holds a key: its retry with a better token must run.
    requireAccess(settings.auth, principal, context.route.access);
    if (settings.auth && !principal) return undefined; // a public route of a secured API: no caller to scope keys to
    // JSON keeps the two parts apart without a separator a database might refuse (PostgreSQL text takes no NUL).
    const scope = principal ? JSON.stringify([principal.clientId ?? null, principal.subject]) : '';
    const body = request.hasBody ? await request.readBody(settings.bodyLimit) : new Uint8Array();
    const fingerprint = await fingerprintOf(request, body);
    const claim = { scope, key, token: crypto.randomUUID() };
    const found = await store.claim({ ...claim, fingerprint, now: now(), windowMs, leaseMs });
    if (found.state === 'claimed') {
      held.set(context, { claim });
      return undefined;
    }
    if (found.fingerprint !== fingerprint) {
      throw new ApiError(
        'idempotencyKeyReused',
        'This Idempotency-Key was already used for a different request (method, path, query or body); use a new key for a new request',
      );
    }
    if (found.state === 'running') throw requestInFlight();
    return replayOf(found.answer);
  }

  /**
   * When the key lives in the database of every store the route writes, the handler runs in one
   * unit of it and the answer is kept in that unit: it commits with the write or not at all.
   * Otherwise (a memory store, stores elsewhere, a job being accepted) onSend keeps it afterwards.
   */
  function aroundHandler(context: HandlerContext, handle: () => Promise<CorralResponse>): Promise<CorralResponse> {
    const key = held.get(context);
    const stores = requestUnitStoresOf(context.route);
    if (!key || !store.database || stores?.[0]?.database !== store.database) return handle();
    return answerInUnit(store, stores, key, context, handle);
  }

  /** Keeps the answer under the key, or frees the key for a retry when the answer says nothing final. */
  async function onSend(context: RequestContext, response: CorralResponse): Promise<undefined> {
    const key = held.get(context);
    if (!key) return undefined;
    held.delete(context);
    // Settled in the unit, or unsure whether its COMMIT happened: then the key stays held until
    // its lease runs out, and a retry finds the kept answer or, if nothing was written, a free key.
    if (key.outcome) return undefined;
    const { claim } = key;
    // The answer goes out even if the store fails now: the write it reports has happened. The key
    // then stays claimed until its lease runs out (retries get 409 meanwhile).
    if (isKept(response)) await store.complete(claim, storedAnswerOf(response)).catch(() => undefined);
    else await store.release(claim).catch(() => undefined);
    return undefined;
  }

  return {
    name: 'idempotency',
    hooks: {
      onRoute(route): RequestHooks | undefined {
        const coverage = coverageOf(route);
        return coverage && { preHandler: (context) => preHandler(context, coverage), aroundHandler, onSend };
      },
      onClose: () => store.close?.(),
    },
    describeRoute: (route) => {
      const coverage = coverageOf(route);
      return coverage && idempotencyDocs(coverage, required && coverage === 'always');
    },
  };
}
