import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coerceQueryValue, describeKind, fieldKind } from './field-kind.js';

describe('fieldKind', () => {
  it('sees through wrappers to the field type', () => {
    expect(fieldKind(z.string().optional())).toEqual({ type: 'string' });
    expect(fieldKind(z.number().int().min(1).nullable())).toEqual({ type: 'number', integer: true });
    expect(fieldKind(z.number().default(3))).toEqual({ type: 'number', integer: false });
    expect(fieldKind(z.int())).toEqual({ type: 'number', integer: true });
    expect(fieldKind(z.boolean())).toEqual({ type: 'boolean' });
    expect(fieldKind(z.enum(['internal', 'external']).optional())).toEqual({
      type: 'enum',
      values: ['internal', 'external'],
    });
  });
});

describe('coerceQueryValue', () => {
  it('parses plain decimal numbers only', () => {
    const kind = { type: 'number', integer: true } as const;
    expect(coerceQueryValue(kind, '42')).toBe(42);
    expect(coerceQueryValue(kind, '-1.5')).toBe(-1.5);
    for (const bad of ['', ' 1', '1e3', '0x10', 'NaN', '+1', '01'])
      expect(coerceQueryValue(kind, bad), bad).toBeUndefined();
  });

  it('parses booleans and keeps strings', () => {
    expect(coerceQueryValue({ type: 'boolean' }, 'true')).toBe(true);
    expect(coerceQueryValue({ type: 'boolean' }, 'yes')).toBeUndefined();
    expect(coerceQueryValue({ type: 'string' }, 'a b')).toBe('a b');
  });

  it('describes what each kind accepts', () => {
    expect(describeKind({ type: 'enum', values: ['internal', 'external'] })).toBe('one of: internal, external');
    expect(describeKind({ type: 'number', integer: true })).toBe('an integer');
  });
});
