import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderError } from '@corral/errors';
import { memoryRateLimits } from './memory.js';
import {
  checkPolicy,
  countersUnavailable,
  countWithin,
  decide,
  rateLimitHeaders,
  tooManyRequests,
  type RateLimitPolicy,
} from './policy.js';
import type { RateLimitStore } from './store.js';

/** A node:http request listener, as `createServer` and Corral's `mounts` take it. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Options of {@link limitNodeHandler}: a policy, its counters, and how callers are told apart. */
export interface NodeLimitOptions extends RateLimitPolicy {
  /** Where the counters live; default this process's memory. */
  readonly store?: RateLimitStore;
  /** The key of a request; default the connection's address (behind a proxy, read the client's own). */
  keyFor?(req: IncomingMessage): string;
  /** Which requests count; default all. E.g. only `POST` to a token endpoint. */
  counts?(req: IncomingMessage): boolean;
  /**
   * The shape of the refusals: `corral` (default) the API's error shape; `oauth` the token
   * endpoint's (RFC 6749 §5.2), `error: "temporarily_unavailable"` with the reason in
   * `error_description`, as OAuth clients read `error` as a code.
   */
  readonly errorShape?: 'corral' | 'oauth';
}

/**
 * Puts a rate limit in front of a plain node:http handler that is not a Corral API, such as the
 * embedded authorization server's token endpoint: past the limit it answers the 429 itself (the
 * contract's error shape, `Retry-After`) and the handler never sees the request.
 */
export function limitNodeHandler(handler: NodeListener, options: NodeLimitOptions): NodeListener {
  const policy = checkPolicy(options);
  const store = options.store ?? memoryRateLimits();
  const keyFor = options.keyFor ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown');
  return (req, res) => {
    if (options.counts && !options.counts(req)) return handler(req, res);
    Promise.resolve()
      .then(() => countWithin(store, `${policy.name}:addr:${keyFor(req)}`, policy.windowSeconds * 1000))
      .then(
        (counted) => {
          const decision = decide(policy, counted);
          if (decision.admitted) {
            for (const [name, value] of Object.entries(rateLimitHeaders(decision))) res.setHeader(name, value);
            return handler(req, res);
          }
          refuse(res, tooManyRequests(decision), options.errorShape);
        },
        (error: unknown) => {
          // The counters cannot be reached: through uncounted, or a 503, as the policy says.
          if (policy.whenStoreFails === 'refuse') refuse(res, countersUnavailable(error), options.errorShape);
          else handler(req, res);
        },
      );
  };
}

/** Writes an error in the contract's shape, or in OAuth's. */
function refuse(res: ServerResponse, error: unknown, shape: NodeLimitOptions['errorShape']): void {
  const rendered = renderError(error, (code) => `about:blank#${code}`);
  const reason = (rendered.body as { error?: unknown }).error;
  const body = JSON.stringify(
    shape === 'oauth' ? { error: 'temporarily_unavailable', error_description: reason } : rendered.body,
  );
  res.writeHead(rendered.status, {
    ...rendered.headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
