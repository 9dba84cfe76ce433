import { describe, expect, it } from 'vitest';
import { powerOfTwoChunks } from './change-writes.js';

describe('powerOfTwoChunks', () => {
  it('splits into chunks of at most 256 whose sizes are powers of two, keeping every item once, in order', () => {
    for (const length of [0, 1, 2, 3, 255, 256, 257, 1000]) {
      const items = Array.from({ length }, (_, i) => i);
      const chunks = powerOfTwoChunks(items);
      expect(chunks.flat()).toEqual(items);
      for (const chunk of chunks) {
        expect(chunk.length).toBeLessThanOrEqual(256);
        expect(Number.isInteger(Math.log2(chunk.length))).toBe(true);
      }
    }
    expect(powerOfTwoChunks(Array.from({ length: 1000 })).map((chunk) => chunk.length)).toEqual([
      256, 256, 256, 128, 64, 32, 8,
    ]);
  });
});
