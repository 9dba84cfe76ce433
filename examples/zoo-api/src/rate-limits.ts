import type { IncomingMessage } from 'node:http';
import type { ApiPlugin } from '@corral/core';
import {
  limitNodeHandler,
  memoryRateLimits,
  rateLimit,
  redisRateLimits,
  type NodeListener,
  type RateLimitStore,
} from '@corral/rate-limit';
import { createClient } from 'redis';
import type { RateLimitConfig } from './config.js';

/** The zoo's limits: a plugin for the API, and a wrapper for the embedded token endpoint. */
export interface ZooRateLimits {
  /** The API's plugin (with RATE_LIMIT 0, only one closing the counters' client, if any), or undefined. */
  readonly plugin: ApiPlugin | undefined;
  /** Limits the token requests (POST .../token) and authorization requests (GET .../auth) of the handler it wraps, per address. */
  limitTokens(handler: NodeListener): NodeListener;
}

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Authorization requests count too: each opens a sign-in the embedded server keeps for minutes,
// and a flood of them would push out the sign-ins people are in the middle of.
const isTokenRequest = (req: IncomingMessage) =>
  (req.method === 'POST' && /\/token(?:\?|$)/.test(req.url ?? '')) ||
  (req.method === 'GET' && /\/auth(?:\?|$)/.test(req.url ?? ''));

/** Counters in Redis with REDIS_URL (the client closes with the API), else the database's, else memory. */
async function counters(config: RateLimitConfig, database: RateLimitStore | undefined): Promise<RateLimitStore> {
  if (!config.redisUrl) return database ?? memoryRateLimits();
  // While Redis is away a count fails at once rather than waiting in the client's queue: the
  // limits then admit requests uncounted (see whenStoreFails). The client reconnects by itself.
  const client = createClient({ url: config.redisUrl, disableOfflineQueue: true });
  client.on('error', () => undefined);
  await client.connect();
  // A client that gave up reconnecting is no longer open: closing it would throw and stop the shutdown.
  return {
    ...redisRateLimits({ client, prefix: config.redisKeyPrefix }),
    close: async () => void (client.isOpen ? await client.close() : client.destroy()),
  };
}

/** Builds the limits the configuration asks for; `database` is the storage's shared backend, if it has one. */
export async function zooRateLimits(
  config: RateLimitConfig,
  database: RateLimitStore | undefined,
): Promise<ZooRateLimits> {
  const store = config.limit > 0 || config.tokenLimit > 0 ? await counters(config, database) : undefined;
  const plugin =
    config.limit > 0 && store
      ? rateLimit({
          limit: config.limit,
          windowSeconds: config.windowSeconds,
          store,
          // Writes have a quota of their own (a different policy name: separate counters), or none with 0.
          policyFor: (route) =>
            writes.has(route.method)
              ? config.writeLimit > 0
                ? { name: 'writes', limit: config.writeLimit, windowSeconds: config.windowSeconds }
                : false
              : undefined,
        })
      : undefined;
  // With the API unlimited but tokens limited in Redis, something must still close the client with the API.
  const closer: ApiPlugin | undefined =
    !plugin && store?.close ? { name: 'rate-limit-store', hooks: { onClose: () => store.close?.() } } : undefined;
  const limitTokens = (handler: NodeListener): NodeListener =>
    config.tokenLimit > 0 && store
      ? limitNodeHandler(handler, {
          name: 'token',
          limit: config.tokenLimit,
          windowSeconds: config.windowSeconds,
          store,
          counts: isTokenRequest,
          // OAuth clients read `error` as a code: the sentence goes to error_description.
          errorShape: 'oauth',
        })
      : handler;
  return { plugin: plugin ?? closer, limitTokens };
}
