import { describe, expect, it } from 'vitest';
import { coalescedHits } from './coalesced-hits.js';

/** A backend whose statements the test finishes by hand, counting as the database would. */
function manual() {
  const counts = new Map<string, number>();
  const calls: { key: string; n: number; finish(fail?: Error): void }[] = [];
  const hitMany = (key: string, _windowMs: number, n: number) =>
    new Promise<{ count: number; resetMs: number }>((resolve, reject) => {
      calls.push({
        key,
        n,
        finish: (fail) => {
          if (fail) return reject(fail);
          counts.set(key, (counts.get(key) ?? 0) + n);
          resolve({ count: counts.get(key)!, resetMs: 500 });
        },
      });
    });
  return { calls, hit: coalescedHits(hitMany) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedHits', () => {
  it('sends a check of an idle key at once, and those arriving meanwhile together, each with its own count', async () => {
    const { calls, hit } = manual();
    const first = hit('a', 1000);
    expect(calls.map((c) => [c.key, c.n])).toEqual([['a', 1]]);
    const more = [hit('a', 1000), hit('a', 1000), hit('a', 1000)];
    const other = hit('b', 1000);
    expect(calls.map((c) => [c.key, c.n])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
    calls[0]!.finish();
    expect(await first).toEqual({ count: 1, resetMs: 500 });
    await tick();
    expect(calls.map((c) => [c.key, c.n])).toEqual([
      ['a', 1],
      ['b', 1],
      ['a', 3],
    ]);
    calls[2]!.finish();
    expect((await Promise.all(more)).map((c) => c.count)).toEqual([2, 3, 4]);
    calls[1]!.finish();
    expect((await other).count).toBe(1);
    // Idle again: the next check goes alone, at once.
    const later = hit('a', 1000);
    expect(calls.at(-1)).toMatchObject({ key: 'a', n: 1 });
    calls.at(-1)!.finish();
    expect((await later).count).toBe(5);
  });

  it('keeps windows of different lengths apart', () => {
    const { calls, hit } = manual();
    void hit('a', 1000);
    void hit('a', 2000);
    expect(calls.map((c) => c.n)).toEqual([1, 1]);
  });

  it('fails every check of a failed statement, and goes on with the next', async () => {
    const { calls, hit } = manual();
    const first = hit('a', 1000);
    const second = [hit('a', 1000), hit('a', 1000)];
    calls[0]!.finish(new Error('cut'));
    await expect(first).rejects.toThrow('cut');
    await tick();
    calls[1]!.finish(new Error('cut again'));
    for (const check of second) await expect(check).rejects.toThrow('cut again');
    const third = hit('a', 1000);
    calls[2]!.finish();
    expect((await third).count).toBe(1);
  });
});
