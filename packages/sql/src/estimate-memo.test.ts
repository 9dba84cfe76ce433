import { describe, expect, it } from 'vitest';
import { EstimateMemo, estimateBounds, estimateKeptFor } from './estimate-memo.js';
import type { Where } from './query.js';

const where = (sql: string, ...parameters: unknown[]): Where => ({
  sql,
  parameters,
  all: false,
  none: false,
  equal: [],
  searched: false,
  compared: false,
});

/** A memo on a clock the test moves, and a database that counts how often it is asked. */
function setUp() {
  let now = 0;
  const memo = new EstimateMemo(() => now);
  const asked: string[] = [];
  const ask = (condition: Where, answer: number | undefined) => () => {
    asked.push(`${condition.sql} ${JSON.stringify(condition.parameters)}`);
    return Promise.resolve(answer);
  };
  return { memo, asked, ask, pass: (ms: number) => (now += ms) };
}

describe('EstimateMemo', () => {
  it('asks the database once per condition while the revision stands', async () => {
    const { memo, asked, ask } = setUp();
    const state = where('"state" = ?', 'internal');
    expect(await memo.estimate(state, 7, ask(state, 660_000))).toBe(660_000);
    expect(await memo.estimate(state, 7, ask(state, 1))).toBe(660_000);
    expect(asked).toHaveLength(1);
  });

  it('asks again when a write has moved the revision', async () => {
    const { memo, asked, ask } = setUp();
    const all = where('1 = 1');
    await memo.estimate(all, 7, ask(all, 1_000_000));
    expect(await memo.estimate(all, 8, ask(all, 1_000_001))).toBe(1_000_001);
    expect(asked).toHaveLength(2);
  });

  it('asks again once the estimate is a second old, for writes the revision does not count', async () => {
    const { memo, asked, ask, pass } = setUp();
    const all = where('1 = 1');
    await memo.estimate(all, 7, ask(all, 1_000_000));
    pass(estimateKeptFor - 1);
    expect(await memo.estimate(all, 7, ask(all, 5))).toBe(1_000_000);
    pass(2);
    expect(await memo.estimate(all, 7, ask(all, 1_200_000))).toBe(1_200_000);
    expect(asked).toHaveLength(2);
  });

  it('keeps conditions and their values apart, 1 from "1"', async () => {
    const { memo, asked, ask } = setUp();
    const conditions = [where('"a" = ?', 1), where('"a" = ?', '1'), where('"a" = ?', 2), where('"b" = ?', 1)];
    const answers = await Promise.all(conditions.map((condition, i) => memo.estimate(condition, 1, ask(condition, i))));
    expect(answers).toEqual([0, 1, 2, 3]);
    expect(asked).toHaveLength(4);
  });

  it('does not keep "no estimate": statistics can come without a write (ANALYZE)', async () => {
    const { memo, asked, ask } = setUp();
    const filtered = where('"kind" = ?', 'common');
    expect(await memo.estimate(filtered, 3, ask(filtered, undefined))).toBeUndefined();
    expect(await memo.estimate(filtered, 3, ask(filtered, 390))).toBe(390);
    expect(await memo.estimate(filtered, 3, ask(filtered, 9))).toBe(390);
    expect(asked).toHaveLength(2);
  });

  it('keeps at most its bounds: long search text fills the byte budget, and the oldest go first', async () => {
    const { memo, asked, ask } = setUp();
    // Each key counts about 240 KB (two bytes a character): five pass 1 MiB, so the first is no longer kept.
    const long = Array.from({ length: 5 }, (_, i) => where('lower("name") LIKE ?', `${i}${'x'.repeat(120_000)}`));
    for (const condition of long) await memo.estimate(condition, 1, ask(condition, 1));
    await memo.estimate(long[4]!, 1, ask(long[4]!, 2));
    await memo.estimate(long[0]!, 1, ask(long[0]!, 3));
    expect(asked).toHaveLength(6);
    // Short keys: the entry count bounds them.
    const short = Array.from({ length: estimateBounds.maxEntries + 1 }, (_, i) => where('"a" = ?', i));
    for (const condition of short) await memo.estimate(condition, 1, ask(condition, 1));
    const before = asked.length;
    await memo.estimate(short[0]!, 1, ask(short[0]!, 1));
    await memo.estimate(short.at(-1)!, 1, ask(short.at(-1)!, 1));
    expect(asked.length).toBe(before + 1);
  });
});
