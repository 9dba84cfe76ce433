import { describe, expect, it } from 'vitest';
import type { IdempotencyClaim, IdempotencyStore, StoredAnswer } from '../idempotency/idempotency-store.js';

/** A fresh, empty store; `close` releases whatever it holds. */
export interface OpenedIdempotency {
  readonly store: IdempotencyStore;
  close(): Promise<void>;
}

const start = 1_700_000_000_000;
const created: StoredAnswer = {
  status: 201,
  headers: { location: '/v1/zoos/7', etag: '"1"', 'content-type': 'application/json; charset=utf-8' },
  body: '{"name":"Zoo ü 🦒"}',
};

/** A claim at `start + at` ms, by caller `scope`, with a window of 1 s and a lease of 100 ms. */
function claimOf(overrides: Partial<IdempotencyClaim> & { at?: number } = {}): IdempotencyClaim {
  const { at = 0, ...rest } = overrides;
  return {
    scope: 'ann',
    key: 'k-1',
    token: crypto.randomUUID(),
    fingerprint: 'f-1',
    now: start + at,
    windowMs: 1000,
    leaseMs: 100,
    ...rest,
  };
}

/**
 * What every idempotency store must do (docs/idempotency.md, "For store authors"). Each
 * implementation's test calls this with a function that opens a fresh, empty store.
 */
export function idempotencyStoreCases(name: string, open: () => Promise<OpenedIdempotency>): void {
  const withStore = (test: (store: IdempotencyStore) => Promise<void>) => async () => {
    const opened = await open();
    try {
      await test(opened.store);
    } finally {
      await opened.close();
    }
  };

  describe(`${name}: the idempotency store contract`, () => {
    it(
      'gives a free key to the first claim, tells later ones it runs, then replays its answer',
      withStore(async (store) => {
        const first = claimOf();
        expect(await store.claim(first)).toEqual({ state: 'claimed' });
        expect(await store.claim(claimOf({ at: 10 }))).toEqual({ state: 'running', fingerprint: 'f-1' });
        expect(await store.complete(first, created)).toBe(true);
        expect(await store.claim(claimOf({ at: 20, fingerprint: 'f-2' }))).toEqual({
          state: 'completed',
          fingerprint: 'f-1',
          answer: created,
        });
        const bodiless = claimOf({ key: 'k-2' });
        await store.claim(bodiless);
        await store.complete(bodiless, { status: 204, headers: {} });
        expect(await store.claim(claimOf({ key: 'k-2', at: 5 }))).toEqual({
          state: 'completed',
          fingerprint: 'f-1',
          answer: { status: 204, headers: {} },
        });
      }),
    );

    it(
      'keeps the keys of different callers apart',
      withStore(async (store) => {
        expect(await store.claim(claimOf({ scope: 'ann' }))).toEqual({ state: 'claimed' });
        expect(await store.claim(claimOf({ scope: 'bob' }))).toEqual({ state: 'claimed' });
        // What the plugin makes of a principal: JSON of the client and the subject.
        expect(await store.claim(claimOf({ scope: '["zoo-admin","Zoë \\"admin\\""]' }))).toEqual({ state: 'claimed' });
      }),
    );

    it(
      'frees a released key for the next claim, and ignores a release by a claim that lost the key',
      withStore(async (store) => {
        const first = claimOf();
        await store.claim(first);
        await store.release(first);
        const second = claimOf({ at: 1 });
        expect(await store.claim(second)).toEqual({ state: 'claimed' });
        await store.release(first);
        expect(await store.claim(claimOf({ at: 2 }))).toMatchObject({ state: 'running' });
        expect(await store.complete(first, created)).toBe(false);
        expect(await store.complete(second, created)).toBe(true);
      }),
    );

    it(
      'forgets a key after its window, and lets an abandoned claim be taken over after its lease',
      withStore(async (store) => {
        const done = claimOf();
        await store.claim(done);
        await store.complete(done, created);
        expect(await store.claim(claimOf({ at: 999 }))).toMatchObject({ state: 'completed' });
        expect(await store.claim(claimOf({ at: 1000, fingerprint: 'f-new' }))).toEqual({ state: 'claimed' });
        const abandoned = claimOf({ key: 'k-2' });
        await store.claim(abandoned);
        expect(await store.claim(claimOf({ key: 'k-2', at: 99 }))).toMatchObject({ state: 'running' });
        const takeover = claimOf({ key: 'k-2', at: 100 });
        expect(await store.claim(takeover)).toEqual({ state: 'claimed' });
        expect(await store.complete(abandoned, created)).toBe(false);
        expect(await store.complete(takeover, { status: 200, headers: {}, body: '{}' })).toBe(true);
        expect(await store.claim(claimOf({ key: 'k-2', at: 150 }))).toMatchObject({ answer: { status: 200 } });
      }),
    );

    it(
      'gives one free key to exactly one of 20 concurrent claims',
      withStore(async (store) => {
        const outcomes = await Promise.all(Array.from({ length: 20 }, () => store.claim(claimOf({ key: 'race' }))));
        expect(outcomes.filter((o) => o.state === 'claimed')).toHaveLength(1);
        expect(outcomes.filter((o) => o.state === 'running')).toHaveLength(19);
      }),
    );

    it(
      'keeps keys up to 255 characters and any visible ASCII',
      withStore(async (store) => {
        const key = `${'x'.repeat(250)}!"'\\~`;
        const claim = claimOf({ key });
        expect(await store.claim(claim)).toEqual({ state: 'claimed' });
        await store.complete(claim, created);
        expect(await store.claim(claimOf({ key, at: 1 }))).toMatchObject({ state: 'completed' });
        expect(await store.claim(claimOf({ key: key.slice(1), at: 1 }))).toEqual({ state: 'claimed' });
      }),
    );
  });
}
