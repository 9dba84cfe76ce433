import { describe, expect, it } from 'vitest';
import { idempotencyStoreCases } from '../testing/idempotency-store-cases.js';
import { memoryIdempotency } from './memory-idempotency.js';

idempotencyStoreCases('memoryIdempotency', async () => ({ store: memoryIdempotency(), close: async () => {} }));

describe('memoryIdempotency', () => {
  it('treats keys past their window as free, also after a sweep of many expired keys', async () => {
    const store = memoryIdempotency();
    const base = { scope: 's', fingerprint: 'f', windowMs: 10, leaseMs: 10 };
    for (let i = 0; i < 100; i++) await store.claim({ ...base, key: `k${i}`, token: 't', now: 0 });
    // After the sweep interval, one claim clears the 100 expired keys; a claim of an old key then finds it free.
    expect(await store.claim({ ...base, key: 'new', token: 't', now: 120_000 })).toEqual({ state: 'claimed' });
    expect(await store.claim({ ...base, key: 'k1', token: 't2', now: 120_001 })).toEqual({ state: 'claimed' });
  });

  it('keeps within its bounds by forgetting the oldest finished keys, never one still running', async () => {
    const store = memoryIdempotency({ maxKeys: 3, maxBytes: 1000 });
    const base = { scope: 's', fingerprint: 'f', windowMs: 60_000, leaseMs: 60_000, now: 0 };
    const answer = { status: 201, headers: {}, body: 'x'.repeat(100) };
    await store.claim({ ...base, key: 'running', token: 't' });
    for (const key of ['a', 'b', 'c']) {
      await store.claim({ ...base, key, token: key });
      await store.complete({ scope: 's', key, token: key }, answer);
    }
    expect(await store.claim({ ...base, key: 'running', token: 'other' })).toEqual({
      state: 'running',
      fingerprint: 'f',
    });
    expect(await store.claim({ ...base, key: 'a', token: 'again' })).toEqual({ state: 'claimed' }); // forgotten
    expect((await store.claim({ ...base, key: 'c', token: 'again' })).state).toBe('completed');
    const big = memoryIdempotency({ maxBytes: 250 });
    for (const key of ['a', 'b', 'c']) {
      await big.claim({ ...base, key, token: key });
      await big.complete({ scope: 's', key, token: key }, answer);
    }
    expect((await big.claim({ ...base, key: 'a', token: 'again' })).state).toBe('claimed');
    expect((await big.claim({ ...base, key: 'c', token: 'again' })).state).toBe('completed');
  });
});
