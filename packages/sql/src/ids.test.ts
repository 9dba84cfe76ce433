import { describe, expect, it } from 'vitest';
import { keyOfId, keysOfIds } from './ids.js';

describe('ids from URLs', () => {
  it('takes integers only in their canonical spelling, up to the 64-bit maximum', () => {
    expect(['1', '42', '9223372036854775807'].map((id) => keyOfId('integer', id))).toEqual([
      '1',
      '42',
      '9223372036854775807',
    ]);
    for (const bad of ['0', '007', '-1', '1.0', '1e3', ' 1', '9223372036854775808', 'abc', ''])
      expect(keyOfId('integer', bad), bad).toBeUndefined();
  });

  it('takes UUIDs in lower case, and text up to 256 characters', () => {
    expect(keyOfId('uuid', '0b9e0d8a-8f0c-4c31-9d7e-6a1f2f9b1c2d')).toBe('0b9e0d8a-8f0c-4c31-9d7e-6a1f2f9b1c2d');
    expect(keyOfId('uuid', '0B9E0D8A-8F0C-4C31-9D7E-6A1F2F9B1C2D')).toBeUndefined();
    expect(keyOfId('uuid', 'not-a-uuid')).toBeUndefined();
    expect(keyOfId('text', 'ABC-1')).toBe('ABC-1');
    expect(keyOfId('text', '')).toBeUndefined();
    expect(keyOfId('text', 'x'.repeat(257))).toBeUndefined();
    expect(keyOfId('text', 'a\u0000b')).toBeUndefined();
  });

  it('gives the distinct keys of many ids, leaving out those no row can have', () => {
    expect(keysOfIds('integer', ['3', 'x', '3', '1'])).toEqual(['3', '1']);
  });
});
