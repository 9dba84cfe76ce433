import { describe, expect, it } from 'vitest';
import { derivedName, quoted, snakeCase } from './names.js';

describe('names in SQL', () => {
  it('spells fields and collections in snake_case', () => {
    expect(
      [
        'yearOfBirth',
        'animalTypeId',
        'zooId',
        'salaryStatements',
        'HTTPStatus',
        'name',
        'already_snake',
        'my-things',
        'v2Code',
      ].map(snakeCase),
    ).toEqual([
      'year_of_birth',
      'animal_type_id',
      'zoo_id',
      'salary_statements',
      'http_status',
      'name',
      'already_snake',
      'my_things',
      'v2_code',
    ]);
  });

  it('quotes plain words only, so no name can carry SQL', () => {
    expect(quoted('staff_members')).toBe('"staff_members"');
    for (const bad of ['a"b', 'x; DROP TABLE y', '1abc', '', 'a b', 'é', 'x'.repeat(64)]) {
      expect(() => quoted(bad), bad).toThrow(expect.objectContaining({ code: 'CORRAL_INVALID_TABLE_NAME' }));
    }
  });

  it('keeps names made for a table within 63 characters, distinct and stable', () => {
    expect(derivedName('animals', 'by_zoo_id')).toBe('animals_by_zoo_id');
    const long = derivedName('a'.repeat(60), 'by_something_long');
    expect(long).toHaveLength(63);
    expect(derivedName('a'.repeat(60), 'by_something_long')).toBe(long);
    expect(derivedName('a'.repeat(60), 'by_something_else')).not.toBe(long);
  });
});
