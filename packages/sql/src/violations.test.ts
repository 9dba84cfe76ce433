import { describe, expect, it } from 'vitest';
import { tableMapOf } from './table-map.js';
import { animalsInit } from './testing/animals.js';
import { violationError } from './violations.js';

const map = {
  ...tableMapOf(animalsInit, { table: 'beasts', columns: { name: 'full_name' } }),
  checks: new Map([
    ['beasts_year_plausible', ['year_of_birth']],
    ['beasts_check', ['weight', 'year_of_birth']],
    ['beasts_badge_check', ['badge']],
  ]),
};
const fieldsOf = (error: { fieldErrors: readonly { field: string }[] }) => error.fieldErrors.map((e) => e.field);

describe('a refusal of the database, as the API answers it', () => {
  it('names the field of each column a broken CHECK reads, from the catalog, in the schema order', () => {
    const broken = violationError(map, { kind: 'check', constraint: 'beasts_year_plausible' }, false);
    expect(broken).toMatchObject({ status: 422, fieldErrors: [{ field: 'yearOfBirth' }] });
    expect(broken.message).toMatch(/beasts_year_plausible/);
    const both = violationError(map, { kind: 'check', constraint: 'beasts_check' }, false);
    expect(fieldsOf(both)).toEqual(['yearOfBirth', 'weight']);
    expect(both.fieldErrors[0]!.message).toMatch(/together with weight/);
  });

  it('names the field of the column the database names (NOT NULL), never the column or the constraint', () => {
    expect(fieldsOf(violationError(map, { kind: 'not-null', column: 'full_name' }, false))).toEqual(['name']);
    // A check over a column no field maps to, or one the catalog did not list, names the body as a whole.
    expect(fieldsOf(violationError(map, { kind: 'check', constraint: 'beasts_badge_check' }, false))).toEqual(['']);
    expect(fieldsOf(violationError(map, { kind: 'check', constraint: 'added_later' }, false))).toEqual(['']);
  });
});
