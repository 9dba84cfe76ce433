import { describe, expect, it } from 'vitest';
import { columnValue, recordData, rowValues, type ValueCodec } from './values.js';
import { tableMapOf, withActualStorage } from './table-map.js';
import { animalsInit } from './testing/animals.js';

const sqlite: ValueCodec = { boolean: (value) => (value ? 1 : 0), jsonAsText: true, nulInText: true };
const postgres: ValueCodec = { boolean: (value) => value, jsonAsText: false, nulInText: false };
const map = tableMapOf(
  { ...animalsInit, parent: { field: 'zooId', collection: 'zoos', store: {} as never, onDelete: 'restrict' } },
  {},
  { table: 'zoos', id: { column: 'id', storage: 'integer' } },
);

describe('values between records and rows', () => {
  it('writes booleans as the dialect keeps them and structured values as JSON text', () => {
    const data = { name: 'Kea', wild: true, tags: ['green'], kind: 'bird', zooId: '3' };
    expect(rowValues(map, data, sqlite)).toEqual(['Kea', null, null, 1, 'bird', '["green"]', '3']);
    expect(rowValues(map, data, postgres)).toEqual(['Kea', null, null, true, 'bird', '["green"]', '3']);
  });

  it('keeps a boolean in an integer column of a table the application owns as 1 and 0', () => {
    const owned = withActualStorage(tableMapOf(animalsInit, { table: 'beasts' }), 'integer', (column) => ({
      storage: column === 'wild' ? 'integer' : undefined,
      notNull: false,
    }));
    expect(columnValue(owned.column('wild'), true, postgres)).toBe(1);
    expect(columnValue(owned.column('wild'), false, postgres)).toBe(0);
    expect(recordData(owned, { name: 'Kea', kind: 'bird', zoo_id: '1', wild: '1' }, postgres).wild).toBe(true);
  });

  it('refuses a key that no parent row can have, as invalid input', () => {
    expect(() => columnValue(map.column('zooId'), 'abc', sqlite)).toThrow(expect.objectContaining({ status: 422 }));
  });

  it('refuses text that is not a UUID for a uuid column holding no id, without speaking of records', () => {
    const owned = withActualStorage(tableMapOf(animalsInit, { table: 'beasts' }), 'integer', (column) => ({
      storage: column === 'name' ? 'uuid' : undefined,
      notNull: false,
    }));
    expect(() => columnValue(owned.column('name'), 'Kea', postgres)).toThrow(
      expect.objectContaining({
        status: 422,
        fieldErrors: [{ field: 'name', message: expect.stringMatching(/^must be a UUID/) }],
      }),
    );
  });

  it('reads rows back as the API gives them: numbers, booleans, keys as text, JSON parsed, NULL absent unless nullable', () => {
    const row = {
      id: 1,
      name: 'Kea',
      year_of_birth: '2001',
      weight: null,
      wild: 0,
      kind: 'bird',
      tags: '["a"]',
      zoo_id: 3,
    };
    expect(recordData(map, row, sqlite)).toEqual({
      name: 'Kea',
      yearOfBirth: 2001,
      weight: null,
      wild: false,
      kind: 'bird',
      tags: ['a'],
      zooId: '3',
    });
    expect(recordData(map, { ...row, tags: ['a'], wild: true, year_of_birth: null }, postgres)).toEqual({
      name: 'Kea',
      weight: null,
      wild: true,
      kind: 'bird',
      tags: ['a'],
      zooId: '3',
    });
    expect(recordData(map, { ...row, tags: 'not json' }, sqlite).tags).toBe('not json');
  });

  it('reads a row given as an array in the order of the SELECT list (id first) as it reads the same row by name', () => {
    const row = {
      id: 1,
      name: 'Kea',
      year_of_birth: 2001,
      weight: null,
      wild: 1,
      kind: 'bird',
      tags: '["a"]',
      zoo_id: 3,
    };
    const positional = [row.id, ...map.columns.map((column) => row[column.column as keyof typeof row])];
    expect(recordData(map, positional, sqlite)).toEqual(recordData(map, row, sqlite));
    expect(recordData(map, positional, sqlite)).toEqual({
      name: 'Kea',
      yearOfBirth: 2001,
      weight: null,
      wild: true,
      kind: 'bird',
      tags: ['a'],
      zooId: '3',
    });
  });
});
