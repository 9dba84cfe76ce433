import { describe, expect, it } from 'vitest';
import { memoryRateLimits } from './memory.js';
import { rateLimitStoreCases } from './testing/store-cases.js';

rateLimitStoreCases('memory', async () => {
  let now = 1_000_000;
  const store = memoryRateLimits({ now: () => now });
  let n = 0;
  return { stores: [store, store], key: (label) => `${label}-${n++}`, wait: async (ms) => void (now += ms) };
});

describe('memory rate limits', () => {
  it('keeps memory bounded: ended windows and the oldest keys past maxKeys are dropped', async () => {
    let now = 0;
    const store = memoryRateLimits({ now: () => now, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) await store.hit(`k${i}`, 1_000);
    // Past maxKeys the oldest go first: the newest key keeps its count, the first one starts over.
    expect((await store.hit('k999', 1_000)).count).toBe(2);
    expect((await store.hit('k0', 1_000)).count).toBe(1);
    now += 5_000;
    expect((await store.hit('k999', 1_000)).count).toBe(1);
  });
});
