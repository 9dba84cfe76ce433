import { describe, expect, it } from 'vitest';
import { jsonEqual } from './deep-equal.js';

describe('jsonEqual', () => {
  it('compares primitives by value and type', () => {
    expect(jsonEqual('1', '1')).toBe(true);
    expect(jsonEqual(1, 1)).toBe(true);
    expect(jsonEqual(null, null)).toBe(true);
    expect(jsonEqual(true, true)).toBe(true);
    expect(jsonEqual('1', 1)).toBe(false);
    expect(jsonEqual(0, false)).toBe(false);
    expect(jsonEqual(null, undefined)).toBe(false);
    expect(jsonEqual('', null)).toBe(false);
  });

  it('ignores the key order of objects, also nested ones', () => {
    expect(jsonEqual({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
    expect(jsonEqual([{ rel: 'self', href: '/v1/zoos/1' }], [{ href: '/v1/zoos/1', rel: 'self' }])).toBe(true);
  });

  it('tells objects apart by a missing, extra or different property', () => {
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(jsonEqual({ a: 1 }, { b: 1 })).toBe(false);
    expect(jsonEqual({ a: { b: 1 } }, { a: { b: 2 } })).toBe(false);
    expect(jsonEqual({ a: null }, { a: {} })).toBe(false);
  });

  it('requires the same key names, not just as many keys with equal values', () => {
    expect(jsonEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(jsonEqual({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
  });

  it('compares arrays element by element, in order', () => {
    expect(jsonEqual([1, [2, 3]], [1, [2, 3]])).toBe(true);
    expect(jsonEqual([], [])).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(jsonEqual([1, 2, 3], [1, 2])).toBe(false);
  });

  it('never equates an array with an object', () => {
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({}, [])).toBe(false);
    expect(jsonEqual(['a'], { 0: 'a' })).toBe(false);
    expect(jsonEqual({ 0: 'a', length: 1 }, ['a'])).toBe(false);
  });
});
