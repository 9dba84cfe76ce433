import { describe, expect, it } from 'vitest';
import { checkPolicy, decide, rateLimitHeaders, tooManyRequests } from './policy.js';

describe('rate-limit policies', () => {
  const policy = checkPolicy({ limit: 3, windowSeconds: 60 });

  it('refuses policies that cannot work when the API is built', () => {
    expect(() => checkPolicy({ limit: 0, windowSeconds: 60 })).toThrow(/limit/);
    expect(() => checkPolicy({ limit: 1.5, windowSeconds: 60 })).toThrow(/limit/);
    expect(() => checkPolicy({ limit: 1, windowSeconds: 0.5 })).toThrow(/windowSeconds/);
    expect(() => checkPolicy({ limit: 1, windowSeconds: 1, name: 'a"b' })).toThrow(/name/);
  });

  it('admits up to the limit and counts down what is left', () => {
    expect(decide(policy, { count: 1, resetMs: 60_000 })).toMatchObject({
      admitted: true,
      remaining: 2,
      resetSeconds: 60,
    });
    expect(decide(policy, { count: 3, resetMs: 1_200 })).toMatchObject({
      admitted: true,
      remaining: 0,
      resetSeconds: 2,
    });
    expect(decide(policy, { count: 4, resetMs: 10 })).toMatchObject({ admitted: false, remaining: 0, resetSeconds: 1 });
  });

  it('writes the draft RateLimit-Policy and RateLimit structured fields', () => {
    const headers = rateLimitHeaders(
      decide(checkPolicy({ limit: 100, windowSeconds: 60, name: 'writes' }), { count: 51, resetMs: 29_500 }),
    );
    expect(headers).toEqual({ 'ratelimit-policy': '"writes";q=100;w=60', ratelimit: '"writes";r=49;t=30' });
  });

  it('refuses with a 429 in the catalogue shape that says when to retry', () => {
    const error = tooManyRequests(decide(policy, { count: 9, resetMs: 4_100 }));
    expect(error.status).toBe(429);
    expect(error.codeName).toBe('tooManyRequests');
    expect(error.headers).toEqual({
      'retry-after': '5',
      'ratelimit-policy': '"default";q=3;w=60',
      ratelimit: '"default";r=0;t=5',
    });
  });
});
