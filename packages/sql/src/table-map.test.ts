import { describe, expect, it } from 'vitest';
import { animalsInit } from './testing/animals.js';
import { tableMapOf, withActualStorage } from './table-map.js';

describe('the map of a table', () => {
  it('names a table of its own and its columns in snake_case, each stored by what the field holds', () => {
    const map = tableMapOf(animalsInit, {});
    expect(map).toMatchObject({
      collection: 'zooAnimals',
      table: 'zoo_animals',
      managed: true,
      id: { column: 'id', storage: 'integer' },
      version: 'version',
    });
    expect(map.columns.map((c) => [c.field, c.column, c.storage, c.required, c.nullable])).toEqual([
      ['name', 'name', 'text', true, false],
      ['yearOfBirth', 'year_of_birth', 'integer', false, false],
      ['weight', 'weight', 'real', false, true],
      ['wild', 'wild', 'boolean', false, false],
      ['kind', 'kind', 'text', true, false],
      ['tags', 'tags', 'json', false, false],
      ['zooId', 'zoo_id', 'text', true, false],
    ]);
    expect(map.column('kind').values).toEqual(['bird', 'fish']);
    expect(map.filterable.map((c) => c.column)).toEqual(['kind', 'zoo_id']);
  });

  it('holds a parent key as a foreign key of the parent id type, when the parent is in the same database', () => {
    const map = tableMapOf(
      { ...animalsInit, parent: { field: 'zooId', collection: 'zoos', store: {} as never, onDelete: 'cascade' } },
      {},
      { table: 'zoos', id: { column: 'id', storage: 'integer' } },
    );
    expect(map.column('zooId')).toMatchObject({
      storage: 'integer',
      references: { table: 'zoos', column: 'id', onDelete: 'cascade' },
    });
  });

  it('serves a table the application owns under the names it gives', () => {
    const map = tableMapOf(animalsInit, {
      table: 'beasts',
      id: 'beast_no',
      columns: { name: 'full_name' },
      version: 'row_version',
    });
    expect(map).toMatchObject({ table: 'beasts', managed: false, id: { column: 'beast_no' }, version: 'row_version' });
    expect(map.column('name').column).toBe('full_name');
    expect(map.column('yearOfBirth').column).toBe('year_of_birth');
    const actual = withActualStorage(map, 'uuid', (column) => ({
      storage: column === 'zoo_id' ? 'integer' : undefined,
      notNull: column === 'zoo_id',
    }));
    expect(actual.id.storage).toBe('uuid');
    expect(actual.column('zooId').storage).toBe('integer');
    expect(actual.filterable.find((c) => c.field === 'zooId')?.storage).toBe('integer');
    expect([actual.column('zooId').notNull, actual.column('name').notNull]).toEqual([true, false]);
  });

  it('refuses names that cannot be columns, columns named twice, and unknown fields in `columns`', () => {
    expect(() => tableMapOf({ ...animalsInit, fields: { ...animalsInit.fields, 'odd name': 'string' } }, {})).toThrow(
      expect.objectContaining({ code: 'CORRAL_INVALID_FIELD_NAME' }),
    );
    expect(() => tableMapOf(animalsInit, { columns: { name: 'version' } })).toThrow(
      expect.objectContaining({
        code: 'CORRAL_INVALID_TABLE_NAME',
        message: expect.stringMatching(/holds the version/),
      }),
    );
    expect(() => tableMapOf(animalsInit, { table: 't', columns: { name: 'kind' } })).toThrow(
      /column "kind", which holds field "name"/,
    );
    expect(() => tableMapOf(animalsInit, { table: 't', columns: { name: 'corral_revision' } })).toThrow(
      /names starting with corral_ are the store's own/,
    );
    expect(() => tableMapOf(animalsInit, { columns: { nope: 'x' } })).toThrow(
      expect.objectContaining({ code: 'CORRAL_UNKNOWN_FIELD' }),
    );
    expect(() => tableMapOf(animalsInit, { table: 'x"y' })).toThrow(
      expect.objectContaining({ code: 'CORRAL_INVALID_TABLE_NAME' }),
    );
  });
});
