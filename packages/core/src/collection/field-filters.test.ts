import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldFilter, fieldFilters } from './field-filters.js';
import { refusal } from '../testing/refusal.js';

const schema = z.object({
  name: z.string(),
  code: z.string().regex(/^[A-Z]{3}$/),
  state: z.enum(['internal', 'external']),
  yearOfBirth: z.number().int().min(1900),
  weight: z.number(),
  legs: z.int().optional(),
  active: z.boolean(),
  maturity: z.enum(['junior', 'senior']).optional(),
});
const shape = schema.shape;

describe('fieldFilter', () => {
  it('keeps string values as they are', () => {
    expect(fieldFilter('name', shape.name).parse('name', 'Ada Lovelace')).toBe('Ada Lovelace');
    expect(fieldFilter('name', shape.name).parse('name', '')).toBe('');
  });

  it('checks a string value against the field schema', () => {
    expect(fieldFilter('code', shape.code).parse('code', 'CHF')).toBe('CHF');
    const error = refusal(() => fieldFilter('code', shape.code).parse('code', 'chf'));
    expect(error).toMatchObject({ status: 400, errorCode: 1001 });
    expect(error.message).toMatch(/^code must .*; got "chf"$/);
  });

  it('accepts an enum option and refuses others, listing the options', () => {
    const state = fieldFilter('state', shape.state);
    expect(state.parse('state', 'external')).toBe('external');
    for (const raw of ['retired', 'Internal', '']) {
      const error = refusal(() => state.parse('state', raw));
      expect(error).toMatchObject({ status: 400, errorCode: 1001, codeName: 'invalidQueryParameter' });
      expect(error.message).toBe(`state must be one of: internal, external; got ${JSON.stringify(raw)}`);
    }
  });

  it('names the query parameter, not the field, in its messages', () => {
    const error = refusal(() => fieldFilter('maturity', shape.maturity).parse('level', 'expert'));
    expect(error.message).toBe('level must be one of: junior, senior; got "expert"');
  });

  it('turns an integer value into a number', () => {
    const year = fieldFilter('yearOfBirth', shape.yearOfBirth);
    expect(year.parse('year', '1980')).toBe(1980);
    expect(fieldFilter('legs', shape.legs).parse('legs', '-4')).toBe(-4);
  });

  it.each(['1.5', 'abc', '', ' 1980', '1e3', '0x10', '1980abc', 'Infinity'])(
    'refuses %j for an integer field',
    (raw) => {
      const error = refusal(() => fieldFilter('yearOfBirth', shape.yearOfBirth).parse('year', raw));
      expect(error.status).toBe(400);
      expect(error.message).toBe(`year must be an integer; got ${JSON.stringify(raw)}`);
    },
  );

  it('applies the field schema checks after conversion (min 1900)', () => {
    expect(fieldFilter('yearOfBirth', shape.yearOfBirth).parse('year', '1900')).toBe(1900);
    const error = refusal(() => fieldFilter('yearOfBirth', shape.yearOfBirth).parse('year', '1800'));
    expect(error).toMatchObject({ status: 400, errorCode: 1001 });
    expect(error.message).toMatch(/^year must .*; got "1800"$/);
    // The rule that failed is named, not only the type the value already has.
    expect(error.message).toMatch(/1900/);
    const pattern = refusal(() => fieldFilter('code', shape.code).parse('code', 'chf'));
    expect(pattern.message).toMatch(/pattern|match|format/i);
  });

  it('accepts decimals for a number field', () => {
    expect(fieldFilter('weight', shape.weight).parse('weight', '12.5')).toBe(12.5);
    expect(() => fieldFilter('weight', shape.weight).parse('weight', '12,5')).toThrow(
      'weight must be a number; got "12,5"',
    );
  });

  it('accepts only true and false for a boolean field', () => {
    const active = fieldFilter('active', shape.active);
    expect(active.parse('active', 'true')).toBe(true);
    expect(active.parse('active', 'false')).toBe(false);
    for (const raw of ['TRUE', '1', 'yes', '']) {
      expect(() => active.parse('active', raw)).toThrow(`active must be true or false; got ${JSON.stringify(raw)}`);
    }
  });

  it('passes the raw text through for a field without schema (a parent key set by the server)', () => {
    const parent = fieldFilter('zooId', undefined);
    expect(parent.field).toBe('zooId');
    expect(parent.parse('zoo_id', '17')).toBe('17');
  });
});

describe('fieldFilters', () => {
  it('maps each query parameter to a filter on its field', () => {
    const filters = fieldFilters({ state: 'state', year: 'yearOfBirth', zoo_id: 'zooId' }, shape);
    expect([...filters.keys()]).toStrictEqual(['state', 'year', 'zoo_id']);
    expect([...filters.values()].map((f) => f.field)).toStrictEqual(['state', 'yearOfBirth', 'zooId']);
    expect(filters.get('year')?.parse('year', '2001')).toBe(2001);
    expect(filters.get('zoo_id')?.parse('zoo_id', '3')).toBe('3');
    expect(() => filters.get('state')?.parse('state', 'x')).toThrow('one of: internal, external');
  });

  it('is empty without filters', () => {
    expect(fieldFilters({}, shape).size).toBe(0);
  });
});
