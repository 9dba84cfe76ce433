import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../http/exchange.js';
import { JobQueue } from './jobs.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
const owner = { scope: 'w', subject: 'ann' };

describe('JobQueue', () => {
  it('runs work in order and records each result', async () => {
    const queue = new JobQueue();
    const order: number[] = [];
    const first = queue.enqueue(owner, async () => (order.push(1), jsonResponse(200, { n: 1 })))!;
    const second = queue.enqueue(owner, async () => (order.push(2), jsonResponse(422, { bad: true })))!;
    expect(first.status).toBe('queued');
    await settle();
    expect(order).toEqual([1, 2]);
    expect(queue.get(first.id)).toMatchObject({ status: 'succeeded', result: { status: 200, body: '{"n":1}' } });
    expect(queue.get(second.id)).toMatchObject({ status: 'failed', result: { status: 422 } });
  });

  it('refuses new work while too much is pending', () => {
    const queue = new JobQueue({ maxPending: 1, maxResultBytes: 1e9, keepMs: 1e9, maxKept: 100 });
    expect(queue.enqueue(owner, async () => jsonResponse(200, {}))).toBeDefined();
    expect(queue.enqueue(owner, async () => jsonResponse(200, {}))).toBeUndefined();
  });

  it('forgets finished jobs after their time and beyond the count and size limits', async () => {
    let now = 0;
    const queue = new JobQueue({ maxPending: 10, maxResultBytes: 30, keepMs: 1000, maxKept: 2 }, () => now);
    const ids = [1, 2, 3].map((n) => queue.enqueue(owner, async () => jsonResponse(200, { n }))!.id);
    await settle();
    expect(ids.map((id) => queue.get(id) !== undefined)).toEqual([false, true, true]);
    now = 2000;
    expect(queue.get(ids[2]!)).toBeUndefined();
    const big = queue.enqueue(owner, async () => jsonResponse(200, { text: 'x'.repeat(40) }))!;
    await settle();
    expect(queue.get(big.id)).toBeUndefined();
  });
});
