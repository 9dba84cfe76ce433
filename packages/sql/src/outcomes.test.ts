import type { Lookup } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { lookupOf, planReplaceMany, unwritten } from './outcomes.js';

const record = (id: string, version: number) => ({ id, version, data: { n: id } });

describe('outcomes of SQL writes', () => {
  it('tells found, gone and missing apart', () => {
    expect(lookupOf(record('1', 1), false)).toEqual({ status: 'found', record: record('1', 1) });
    expect(lookupOf(undefined, true)).toEqual({ status: 'gone' });
    expect(lookupOf(undefined, false)).toEqual({ status: 'missing' });
    expect(unwritten({ status: 'found', record: record('1', 2) })).toEqual({
      status: 'conflict',
      current: record('1', 2),
    });
    expect(unwritten({ status: 'gone' })).toEqual({ status: 'gone' });
  });

  it('checks every entry of a bulk replace before anything is written', () => {
    const current = new Map<string, Lookup<{ n: string }>>([
      ['1', { status: 'found', record: record('1', 4) }],
      ['2', { status: 'gone' }],
    ]);
    const keyOf = (id: string) => (/^\d+$/.test(id) ? id : undefined);
    const counted = (version: number) => version + 1;
    expect(
      planReplaceMany(
        [
          { id: '1', data: { n: 'a' }, expectedVersion: 4 },
          { id: '1', data: { n: 'b' }, expectedVersion: 5 },
        ],
        keyOf,
        current,
        counted,
      ),
    ).toEqual({
      steps: [
        { key: '1', data: { n: 'a' } },
        { key: '1', data: { n: 'b' } },
      ],
    });
    expect(
      planReplaceMany(
        [
          { id: '1', data: { n: 'a' } },
          { id: '2', data: { n: 'b' } },
        ],
        keyOf,
        current,
        counted,
      ),
    ).toEqual({ refused: { status: 'gone', id: '2' } });
    expect(planReplaceMany([{ id: 'x', data: { n: 'a' } }], keyOf, current, counted)).toEqual({
      refused: { status: 'missing', id: 'x' },
    });
    expect(planReplaceMany([{ id: '1', data: { n: 'a' }, expectedVersion: 3 }], keyOf, current, counted)).toEqual({
      refused: { status: 'conflict', id: '1', current: record('1', 4) },
    });
    // A version that cannot be foretold (a digest): a second entry expecting one is refused.
    expect(
      planReplaceMany(
        [
          { id: '1', data: { n: 'a' } },
          { id: '1', data: { n: 'b' }, expectedVersion: 5 },
        ],
        keyOf,
        current,
        () => undefined,
      ),
    ).toMatchObject({ refused: { status: 'conflict' } });
  });
});
