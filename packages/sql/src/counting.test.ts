import { describe, expect, it } from 'vitest';
import { countMatches, pageWindow, settledTotal } from './counting.js';

const source = (estimate: number | undefined, exact: number) => {
  const asked: string[] = [];
  return {
    asked,
    estimate: async () => (asked.push('estimate'), estimate),
    count: async () => (asked.push('count'), exact),
  };
};

describe('counting like count=estimated', () => {
  it('counts exactly without a policy, and asks for no estimate', async () => {
    const s = source(5000, 4321);
    expect(await countMatches(undefined, s)).toEqual({ total: 4321, estimated: false });
    expect(s.asked).toEqual(['count']);
  });

  it('takes the estimate above the threshold, without counting', async () => {
    const s = source(50_000.4, 4321);
    expect(await countMatches({ estimateAbove: 10_000 }, s)).toEqual({ total: 50_000, estimated: true });
    expect(s.asked).toEqual(['estimate']);
  });

  it('counts when the estimate is at or under the threshold, or there is none', async () => {
    expect(await countMatches({ estimateAbove: 10_000 }, source(10_000, 12_345))).toEqual({
      total: 12_345,
      estimated: false,
    });
    expect(await countMatches({ estimateAbove: 10_000 }, source(undefined, 7))).toEqual({ total: 7, estimated: false });
  });

  it('settles an estimate with what the page shows', () => {
    const estimated = { total: 5000, estimated: true };
    expect(settledTotal(estimated, { offset: 20, limit: 10 }, 4)).toEqual({ total: 24, estimated: false });
    expect(settledTotal(estimated, { offset: 0, limit: 10 }, 0)).toEqual({ total: 0, estimated: false });
    expect(settledTotal(estimated, { offset: 9000, limit: 10 }, 0)).toEqual(estimated);
    expect(settledTotal(estimated, { offset: 4000, limit: 10 }, 0)).toEqual({ total: 4000, estimated: true });
    expect(settledTotal(estimated, { offset: 6000, limit: 10 }, 10)).toEqual({ total: 6010, estimated: true });
    expect(settledTotal({ total: 3, estimated: false }, { offset: 0, limit: 10 }, 2)).toEqual({
      total: 3,
      estimated: false,
    });
  });

  it('makes the page window whole and non-negative', () => {
    expect(pageWindow({ offset: -3, limit: 2.7 })).toEqual({ offset: 0, limit: 2 });
    expect(pageWindow({ offset: Number.NaN, limit: Number.NaN })).toEqual({ offset: 0, limit: 0 });
  });
});
