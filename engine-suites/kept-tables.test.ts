// What the jobs, idempotency and rate-limit stores of every SQL engine keep in their tables.
import { forEachEngine } from '@corral/sql/testing';
import { expect, it } from 'vitest';
import { engines } from './engines.js';

await forEachEngine(engines(), (engine) => {
  it('deletes expired idempotency keys', async () => {
    const opened = engine.open();
    const store = opened.idempotency();
    const claim = { scope: 's', token: 't', fingerprint: 'f', windowMs: 10, leaseMs: 10 };
    for (let i = 0; i < 5; i++) await store.claim({ ...claim, key: `k${i}`, now: 0 });
    await store.claim({ ...claim, key: 'fresh', now: 120_000 });
    expect((await opened.outsideRows('SELECT "key" FROM corral_idempotency')).map((row) => row.key)).toEqual(['fresh']);
    await opened.close();
  });

  it('deletes ended rate-limit windows, in several bounded statements', async () => {
    const opened = engine.open();
    const first = opened.rateLimits();
    // More ended windows than one sweep statement deletes (500).
    await Promise.all(Array.from({ length: 1_100 }, (_, i) => first.hit(`old${i}`, 1)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A new store sweeps on its first hit, in the background; close waits for it.
    const second = opened.rateLimits();
    await second.hit('fresh', 60_000);
    await second.close();
    expect((await opened.outsideRows('SELECT "key" FROM corral_rate_limits')).map((row) => row.key)).toEqual(['fresh']);
    await Promise.all([first.close(), opened.close()]);
  });
});
