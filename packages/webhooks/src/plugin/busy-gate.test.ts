import { describe, expect, it } from 'vitest';
import { busyGate } from './busy-gate.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('busyGate', () => {
  it('lets every attempt through while the process is not busy', async () => {
    const gate = busyGate({ busyLimit: 1 });
    const leaves = await Promise.all([gate.enter(), gate.enter(), gate.enter()]);
    expect(leaves).toHaveLength(3);
  });

  it('holds attempts to the limit while busy, in the order they came, and frees them when it eases', async () => {
    const gate = busyGate({ busyLimit: 1 });
    gate.setBusy(true);
    const order: number[] = [];
    const first = await gate.enter();
    const later = [1, 2, 3].map((n) => gate.enter().then((leave) => (order.push(n), leave)));
    await tick();
    expect(order).toEqual([]);
    first();
    first(); // leaving twice counts once
    await tick();
    expect(order).toEqual([1]);
    gate.setBusy(false);
    await tick();
    expect(order).toEqual([1, 2, 3]);
    for (const leave of await Promise.all(later)) leave();
    gate.setBusy(true);
    const again = await gate.enter(); // nobody inside: the limit admits one at once
    expect(gate.busy).toBe(true);
    again();
  });

  it('gives a slot back only after the pause while busy, at once when not', async () => {
    const gate = busyGate({ busyLimit: 1, busyPauseMs: 40 });
    gate.setBusy(true);
    (await gate.enter())();
    const started = performance.now();
    const next = await gate.enter();
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    gate.setBusy(false);
    next();
    const before = performance.now();
    (await gate.enter())();
    expect(performance.now() - before).toBeLessThan(35);
  });
});
