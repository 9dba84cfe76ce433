import { describe, expect, it } from 'vitest';
import { deepFreeze, snapshot } from './freeze.js';

describe('snapshot', () => {
  it('copies deeply and freezes every level', () => {
    const input = { a: { b: [1, { c: 2 }] } };
    const copy = snapshot(input);
    expect(copy).toEqual(input);
    expect(copy.a.b[1]).not.toBe(input.a.b[1]);
    expect([copy, copy.a, copy.a.b, copy.a.b[1]].every(Object.isFrozen)).toBe(true);
    expect(Object.isFrozen(input.a)).toBe(false);
  });

  it('copies cycles and dates', () => {
    const input: { self?: unknown; when: Date } = { when: new Date(0) };
    input.self = input;
    const copy = snapshot(input);
    expect(copy.self).toBe(copy);
    expect(copy.when.getTime()).toBe(0);
    expect(Object.isFrozen(copy.when)).toBe(true);
  });

  it('throws for data that cannot be cloned', () => {
    expect(() => snapshot({ f: () => 1 })).toThrow();
  });
});

describe('deepFreeze', () => {
  it('leaves typed arrays alone, since they cannot be frozen', () => {
    const value = deepFreeze({ bytes: new Uint8Array([1, 2]) });
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.bytes)).toBe(false);
  });

  it('handles nesting deeper than the call stack', () => {
    let deep: { next?: unknown } = {};
    const head = deep;
    for (let i = 0; i < 100_000; i++) deep = deep.next = {};
    deepFreeze(head);
    expect(Object.isFrozen(deep)).toBe(true);
  });
});
