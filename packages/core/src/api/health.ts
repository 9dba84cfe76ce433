import { CorralError } from '@corral/errors';
import { ApiError, renderError, type ErrorDocsUrl } from '@corral/errors';
import { accepts } from '../http/accept.js';
import { jsonResponse, type CorralRequest, type CorralResponse } from '../http/exchange.js';
import { rejectUnknownParameters } from '../http/query-params.js';
import type { StoreLifecycle } from './store-lifecycle.js';

/** Where the liveness and readiness endpoints are served, below the API's base path. */
export interface HealthOptions {
  /** Liveness: 200 while the process serves (default `/health`). */
  readonly path?: string;
  /** Readiness: 200 when every store answers, else 503 (default `/ready`). */
  readonly readyPath?: string;
  /** How long `/ready` waits for a store's `ping` before counting it as unreachable (default 2000 ms). */
  readonly timeoutMs?: number;
}

/** Why `/ready` answers 503: stores still opening, their opening failed, one does not answer, or the API is closing. */
export type NotReadyReason = 'starting' | 'initFailed' | 'storesUnreachable' | 'stopping';

const notReadyMessages: Readonly<Record<NotReadyReason, string>> = {
  starting: 'the stores are still opening',
  initFailed: 'opening the stores failed; see the log',
  storesUnreachable: 'a store does not answer',
  stopping: 'the API is stopping',
};

/** The two endpoints, answered before any version routing, authentication or hook. */
export interface HealthEndpoints {
  /** The answer for a request at one of the two paths, or undefined for any other path. */
  answer(request: CorralRequest): Promise<CorralResponse> | undefined;
}

const noStore = { 'cache-control': 'no-store' };

function checkPath(path: string): string {
  if (!/^\/[A-Za-z0-9._~/-]*[^/]$/.test(path))
    throw new CorralError(
      'CORRAL_INVALID_HEALTH_OPTION',
      `Health path ${JSON.stringify(path)} must start with / and not end with one`,
    );
  return path;
}

/** Builds the endpoints, or undefined when health is switched off (`false`). */
export function healthEndpoints(
  options: HealthOptions | false | undefined,
  parts: {
    readonly basePath: string;
    readonly stores: StoreLifecycle;
    readonly stopping: () => boolean;
    readonly docsUrl: ErrorDocsUrl;
  },
): HealthEndpoints | undefined {
  if (options === false) return undefined;
  const alive = parts.basePath + checkPath(options?.path ?? '/health');
  const ready = parts.basePath + checkPath(options?.readyPath ?? '/ready');
  const timeoutMs = options?.timeoutMs ?? 2000;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new CorralError(
      'CORRAL_INVALID_HEALTH_OPTION',
      `Health timeoutMs must be a positive whole number of milliseconds; got ${timeoutMs}`,
    );

  async function readiness(): Promise<CorralResponse> {
    // The error shape's message first, then the probe's report.
    const notReady = (reason: NotReadyReason, failed?: string[]) =>
      jsonResponse(
        503,
        {
          error: `Not ready: ${notReadyMessages[reason]}${failed ? ` (${failed.join(', ')})` : ''}`,
          status: 'unavailable',
          reason,
          ...(failed ? { failed } : {}),
        },
        { ...noStore, 'retry-after': '5' },
      );
    if (parts.stopping()) return notReady('stopping');
    const opening = parts.stores.opening();
    if (opening !== 'open') return notReady(opening === 'opening' ? 'starting' : 'initFailed');
    const failed = await parts.stores.unreachable(timeoutMs);
    return failed.length > 0 ? notReady('storesUnreachable', failed) : jsonResponse(200, { status: 'ready' }, noStore);
  }

  async function serve(request: CorralRequest, which: 'alive' | 'ready'): Promise<CorralResponse> {
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        throw new ApiError('methodNotAllowed', `${request.method} is not supported here`, {
          headers: { allow: 'GET, HEAD' },
        });
      }
      if (!accepts(request.header('accept'), 'application/json'))
        throw new ApiError('notAcceptable', 'Health is reported as application/json only');
      if (request.rawQuery !== '') rejectUnknownParameters(request.query, []);
      return which === 'alive' ? jsonResponse(200, { status: 'ok' }, noStore) : await readiness();
    } catch (thrown) {
      const rendered = renderError(thrown, parts.docsUrl);
      return jsonResponse(rendered.status, rendered.body, { ...rendered.headers, ...noStore });
    }
  }

  return {
    answer(request) {
      if (request.path === alive) return serve(request, 'alive');
      if (request.path === ready) return serve(request, 'ready');
      return undefined;
    },
  };
}
