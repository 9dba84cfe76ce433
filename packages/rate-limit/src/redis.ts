import { createHash } from 'node:crypto';
import type { RateLimitCount, RateLimitStore } from './store.js';

/** What the Redis backend needs of a client: node-redis's `sendCommand` (a `createClient()` client). */
export interface RedisCommander {
  /** Sends one command as its words and returns Redis's reply. */
  sendCommand(args: string[]): Promise<unknown>;
}

/** Options of {@link redisRateLimits}. */
export interface RedisRateLimitsOptions {
  /** A connected client; the backend never closes it. */
  readonly client: RedisCommander;
  /** Prefix of every key the backend writes, so several APIs can share one Redis. Default `corral:rl:`. */
  readonly prefix?: string;
}

// INCR and the expiry in one script: Redis runs a script alone, so concurrent checks count one after
// another, and a key never outlives its window (no cleanup needed). Redis's clock times the window.
const script = `local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const sha = createHash('sha1').update(script).digest('hex');

/**
 * Counters in Redis, shared by every instance using it: one script per check (`EVALSHA`, loaded
 * with `EVAL` the first time a server does not know it), keys that expire with their window.
 */
export function redisRateLimits(options: RedisRateLimitsOptions): RateLimitStore {
  const prefix = options.prefix ?? 'corral:rl:';
  return {
    async hit(key: string, windowMs: number): Promise<RateLimitCount> {
      const args = ['1', prefix + key, String(Math.ceil(windowMs))];
      let reply: unknown;
      try {
        reply = await options.client.sendCommand(['EVALSHA', sha, ...args]);
      } catch (error) {
        if (!String((error as Error).message).includes('NOSCRIPT')) throw error;
        reply = await options.client.sendCommand(['EVAL', script, ...args]);
      }
      const [count, ttl] = reply as [number, number];
      return { count: Number(count), resetMs: Number(ttl) };
    },
  };
}
