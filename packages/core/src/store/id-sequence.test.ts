import { describe, expect, it } from 'vitest';
import { formatId, IdSequence } from './id-sequence.js';

describe('IdSequence', () => {
  it('hands out 1, 2, 3 and formats them as decimal strings', () => {
    const ids = new IdSequence();
    expect([ids.next(), ids.next(), ids.next()].map(formatId)).toEqual(['1', '2', '3']);
  });

  it('parses only canonical ids it has issued', () => {
    const ids = new IdSequence();
    for (let i = 0; i < 12; i++) ids.next();
    expect(['1', '12', '13', '0', '012', '1.0', '1e1', ' 1', '-1', '', 'abc'].map((id) => ids.parse(id))).toEqual([
      1,
      12,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(ids.parse('9'.repeat(40))).toBeUndefined();
  });
});
