import { createClient } from 'redis';
import type { RedisCommander } from '../redis.js';

/** A connected test client: what the backend uses, and a way to close it. */
export type TestRedis = RedisCommander & { close(): Promise<unknown> };

/** The Redis server the tests use: CORRAL_TEST_REDIS_URL, or the one our machines run. */
export const testRedisUrl = process.env.CORRAL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A connected client, or undefined (with the reason printed) when there is no server outside CI; CI must have one. */
export async function connectTestRedis(): Promise<TestRedis | undefined> {
  const client = createClient({ url: testRedisUrl, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    if (process.env.CI) throw new Error(`CI needs Redis at ${testRedisUrl}: ${(error as Error).message}`);
    console.warn(`Skipping the Redis tests: no server at ${testRedisUrl} (${(error as Error).message})`);
    return undefined;
  }
}

/** A key prefix of its own for one test file, so parallel runs never share counters. */
export function freshRedisPrefix(label: string): string {
  return `corral-test:${label}:${process.pid}:${Math.random().toString(36).slice(2, 8)}:`;
}
