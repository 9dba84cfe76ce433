// What the jobs and idempotency stores of every SQL engine keep in their tables.
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
    expect((await opened.outsideRows('SELECT key FROM corral_idempotency')).map((row) => row.key)).toEqual(['fresh']);
    await opened.close();
  });
});
