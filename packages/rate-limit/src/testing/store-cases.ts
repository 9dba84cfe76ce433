import { describe, expect, it } from 'vitest';
import type { RateLimitStore } from '../store.js';

/** A backend for one test, keys unique to the run, and a way to let real time pass. */
export interface BackendUnderTest {
  /** Two handles on the same counters (two instances of a service); the same object twice for memory. */
  readonly stores: readonly [RateLimitStore, RateLimitStore];
  /** Makes a key no other test (or parallel run) uses. */
  key(label: string): string;
  /** Lets `ms` pass for the backend: a fake clock advanced, or real waiting. */
  wait(ms: number): Promise<void>;
}

/** The contract every rate-limit backend keeps. */
export function rateLimitStoreCases(name: string, open: () => Promise<BackendUnderTest>) {
  describe(`rate-limit backend: ${name}`, () => {
    it('counts hits per key within a window and says when it ends', async () => {
      const {
        stores: [store],
        key,
      } = await open();
      const a = key('a');
      expect((await store.hit(a, 60_000)).count).toBe(1);
      const second = await store.hit(a, 60_000);
      expect(second.count).toBe(2);
      expect(second.resetMs).toBeGreaterThan(55_000);
      expect(second.resetMs).toBeLessThanOrEqual(60_000);
      expect((await store.hit(key('b'), 60_000)).count).toBe(1);
    });

    it('starts a new window once the old one ended', async () => {
      const {
        stores: [store],
        key,
        wait,
      } = await open();
      const k = key('expiry');
      // Long enough that the two hits fall in one window on a slow machine, short enough to wait out.
      await store.hit(k, 1_500);
      expect((await store.hit(k, 1_500)).count).toBe(2);
      await wait(2_000);
      const fresh = await store.hit(k, 1_500);
      expect(fresh.count).toBe(1);
      expect(fresh.resetMs).toBeGreaterThan(1_000);
    });

    it('never gives two concurrent checks the same count, across instances (200 at once, limit 50 admits 50)', async () => {
      const { stores, key } = await open();
      const k = key('burst');
      const counts = await Promise.all(Array.from({ length: 200 }, (_, i) => stores[i % 2]!.hit(k, 60_000)));
      const sorted = counts.map((c) => c.count).sort((x, y) => x - y);
      expect(sorted).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect(counts.filter((c) => c.count <= 50)).toHaveLength(50);
    });
  });
}
