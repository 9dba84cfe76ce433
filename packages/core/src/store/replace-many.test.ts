import { describe, expect, it } from 'vitest';
import { planBatch, type Resolved } from './replace-many.js';
import type { StoredRecord } from './store.js';

const records = new Map<string, StoredRecord<{ n: number }>>([
  ['1', { id: '1', version: 3, data: { n: 1 } }],
  ['2', { id: '2', version: 1, data: { n: 2 } }],
]);
function resolve(id: string): Resolved<{ n: number }> {
  const record = records.get(id);
  if (record) return { status: 'found', seq: Number(id), record };
  return { status: id === '3' ? 'gone' : 'missing' };
}

describe('planBatch', () => {
  it('plans every entry when all pass', () => {
    const plan = planBatch(
      [
        { id: '2', data: { n: 20 } },
        { id: '1', data: { n: 10 }, expectedVersion: 3 },
      ],
      resolve,
    );
    expect(plan).toEqual({
      status: 'ok',
      steps: [
        { seq: 2, data: { n: 20 } },
        { seq: 1, data: { n: 10 } },
      ],
    });
  });

  it('reports the first failing entry', () => {
    const entries = [
      { id: '1', data: { n: 0 } },
      { id: '3', data: { n: 0 } },
      { id: '4', data: { n: 0 } },
    ];
    expect(planBatch(entries, resolve)).toEqual({ status: 'gone', id: '3' });
    expect(planBatch(entries.slice(2), resolve)).toEqual({ status: 'missing', id: '4' });
    expect(planBatch([{ id: '2', data: { n: 0 }, expectedVersion: 2 }], resolve)).toEqual({
      status: 'conflict',
      id: '2',
      current: records.get('2'),
    });
  });

  it('checks a repeated id against the version the earlier entry makes', () => {
    const twice = (expectedVersion: number) => [
      { id: '2', data: { n: 0 }, expectedVersion: 1 },
      { id: '2', data: { n: 0 }, expectedVersion },
    ];
    expect(planBatch(twice(2), resolve).status).toBe('ok');
    expect(planBatch(twice(1), resolve)).toMatchObject({ status: 'conflict', current: { version: 1 } });
  });
});
