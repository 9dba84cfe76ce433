import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-delay.js';

describe('reconnectDelay', () => {
  it('waits the hint plus up to half of it, doubling after each failure in a row', () => {
    expect(reconnectDelay(1, 1000, 30_000, () => 0)).toBe(1000);
    expect(reconnectDelay(1, 1000, 30_000, () => 0.999)).toBeCloseTo(1499.5);
    expect(reconnectDelay(3, 1000, 30_000, () => 0)).toBe(4000);
  });

  it('stops doubling at the longest wait, or at a longer hint the server gave', () => {
    expect(reconnectDelay(20, 1000, 30_000, () => 0)).toBe(30_000);
    expect(reconnectDelay(2000, 1000, 30_000, () => 0)).toBe(30_000);
    expect(reconnectDelay(3, 60_000, 30_000, () => 0)).toBe(60_000);
  });

  it('spreads the waits of many subscribers', () => {
    const waits = new Set(Array.from({ length: 50 }, () => Math.round(reconnectDelay(1, 1000, 30_000))));
    expect(waits.size).toBeGreaterThan(10);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(1000);
  });
});
