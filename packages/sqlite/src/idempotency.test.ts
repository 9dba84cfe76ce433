import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from './database.js';
import { sqliteIdempotency } from './idempotency.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corral-sqlite-idempotency-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('sqliteIdempotency', () => {
  it('keeps keys across a restart: a retry after it gets the kept answer', async () => {
    const path = join(folder, 'restart.sqlite');
    const claim = { scope: 's', key: 'k', fingerprint: 'f', now: 1000, windowMs: 60_000, leaseMs: 60_000 };
    const before = sqliteDatabase({ path });
    const first = sqliteIdempotency(before);
    await first.claim({ ...claim, token: 't1' });
    expect(
      await first.complete(
        { scope: 's', key: 'k', token: 't1' },
        { status: 201, headers: { location: '/v1/x/1' }, body: '{}' },
      ),
    ).toBe(true);
    await before.close();
    const after = sqliteDatabase({ path });
    expect(await sqliteIdempotency(after).claim({ ...claim, token: 't2', now: 2000 })).toEqual({
      state: 'completed',
      fingerprint: 'f',
      answer: { status: 201, headers: { location: '/v1/x/1' }, body: '{}' },
    });
    await after.close();
  });
});
