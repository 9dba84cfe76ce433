import { describe, expect, it } from 'vitest';
import { containing, orderOf, whereOf, type QueryDialect } from './query.js';
import { tableMapOf, withActualStorage } from './table-map.js';
import { animalsInit } from './testing/animals.js';

/** A dialect that writes the parts plainly, to read what the skeleton asks of it. */
const plain: QueryDialect = {
  codec: { boolean: (value) => (value ? 1 : 0), jsonAsText: true, nulInText: false },
  placeholder: (n) => `$${n}`,
  equals: (column, p) => `${column.column} = ${p}`,
  contains: (column, p) => `lower(${column.column}) LIKE ${p}`,
  compare: (column, operator, p) => `${column.column} ${operator} ${p}`,
  typed: (_column, p) => p,
  differs: (column, p) => `${column.column} IS NOT ${p}`,
  oneOf: (column, p) => `${column.column} IN (${p})`,
  list: (values) => values.join('|'),
  sortKey: (column) => column.column,
  nulls: (order, column) => (column.notNull ? '' : order === 'asc' ? ' NULLS LAST' : ' NULLS FIRST'),
};

describe('WHERE and ORDER BY of a list', () => {
  const map = tableMapOf(
    { ...animalsInit, parent: { field: 'zooId', collection: 'zoos', store: {} as never, onDelete: 'restrict' } },
    {},
    { table: 'zoos', id: { column: 'id', storage: 'integer' } },
  );

  it('compares each filter, numbered from where the statement wants, and searches in any field', () => {
    const where = whereOf(
      map,
      plain,
      { kind: 'bird', wild: true, weight: null },
      { search: { text: 'K_a%', fields: ['name', 'kind'] } },
      3,
    );
    expect(where.sql).toBe(
      'kind = $3 AND wild = $4 AND "weight" IS NULL AND (lower(name) LIKE $5 OR lower(kind) LIKE $5)',
    );
    expect(where.parameters).toEqual(['bird', 1, '%k\\_a\\%%']);
    expect(where).toMatchObject({ all: false, none: false, searched: true });
    expect(where.equal.map((c) => c.field)).toEqual(['kind', 'wild']);
  });

  it('selects all without filters, and nothing for a key no row can hold', () => {
    expect(whereOf(map, plain, {})).toMatchObject({ sql: '1 = 1', all: true, none: false });
    expect(whereOf(map, plain, {}, { search: { text: '', fields: ['name'] } })).toMatchObject({ all: true });
    expect(whereOf(map, plain, { zooId: 'not-an-id' })).toMatchObject({ none: true, all: false });
    expect(whereOf(map, plain, { zooId: '12' })).toMatchObject({ none: false, parameters: ['12'] });
    // Values no column of the database can hold: a whole number past 64 bits, text with NUL where text cannot have it.
    expect(whereOf(map, plain, { yearOfBirth: 1e20 })).toMatchObject({ none: true });
    expect(whereOf(map, plain, { name: 'a\u0000b' })).toMatchObject({ none: true });
    expect(whereOf(map, plain, {}, { search: { text: 'a\u0000', fields: ['name'] } })).toMatchObject({ none: true });
    expect(whereOf(map, { ...plain, codec: { ...plain.codec, nulInText: true } }, { name: 'a\u0000b' })).toMatchObject({
      none: false,
    });
  });

  it('compares by range, difference and membership, dropping what no row can hold', () => {
    const where = whereOf(
      map,
      plain,
      { kind: 'bird' },
      {
        conditions: [
          { field: 'yearOfBirth', operator: 'gte', value: 1990 },
          { field: 'yearOfBirth', operator: 'lt', value: 2000 },
          { field: 'name', operator: 'ne', value: 'Ada' },
          { field: 'kind', operator: 'in', value: ['bird', 'fish'] },
          { field: 'wild', operator: 'in', value: [true] },
        ],
      },
    );
    expect(where.sql).toBe(
      'kind = $1 AND year_of_birth >= $2 AND year_of_birth < $3 AND name IS NOT $4 AND kind IN ($5) AND wild IN ($6)',
    );
    expect(where.parameters).toEqual(['bird', 1990, 2000, 'Ada', 'bird|fish', '1']);
    expect(where).toMatchObject({ compared: true, none: false, all: false });
    // A key no row can hold: `in` keeps the others, `ne` passes every row, a range has nothing to compare with.
    expect(
      whereOf(map, plain, {}, { conditions: [{ field: 'zooId', operator: 'in', value: ['x', '7'] }] }),
    ).toMatchObject({ sql: 'zoo_id IN ($1)', parameters: ['7'] });
    expect(whereOf(map, plain, {}, { conditions: [{ field: 'zooId', operator: 'in', value: ['x'] }] })).toMatchObject({
      none: true,
    });
    expect(whereOf(map, plain, {}, { conditions: [{ field: 'zooId', operator: 'ne', value: 'x' }] })).toMatchObject({
      sql: '1 = 1',
      none: false,
    });
    expect(whereOf(map, plain, {}, { conditions: [{ field: 'zooId', operator: 'gt', value: 'x' }] })).toMatchObject({
      none: true,
    });
    // A bound past what an integer column holds is still compared, as a plain number.
    expect(
      whereOf(map, plain, {}, { conditions: [{ field: 'yearOfBirth', operator: 'lt', value: 1e20 }] }),
    ).toMatchObject({ parameters: [1e20], none: false });
  });

  it('orders by the sort key, missing values last ascending, then by id the same way', () => {
    expect(orderOf(map, plain, undefined)).toBe('"id" ASC');
    expect(orderOf(map, plain, { field: 'name', order: 'asc' })).toBe('name ASC, "id" ASC');
    expect(orderOf(map, plain, { field: 'weight', order: 'desc' })).toBe('weight DESC NULLS FIRST, "id" DESC');
  });

  it('looks for NULLs past a cursor only where the database lets a column hold them, so that an index serves the page', () => {
    const owned = tableMapOf(animalsInit, { table: 'beasts' });
    const notNullName = withActualStorage(owned, 'integer', (column) => ({
      storage: undefined,
      notNull: column === 'name',
    }));
    const after = {
      sort: { field: 'name', order: 'asc' as const },
      seek: { from: 'after' as const, position: { key: 'Kea', id: '7' } },
    };
    expect(whereOf(notNullName, plain, {}, after).sql).toBe('(name, "id") > ($1, $2)');
    expect(orderOf(notNullName, plain, after.sort)).toBe('name ASC, "id" ASC');
    // The schema requires a name, but a column without NOT NULL may still hold NULL from another program.
    const nullableName = withActualStorage(owned, 'integer', () => ({ storage: undefined, notNull: false }));
    expect(whereOf(nullableName, plain, {}, after).sql).toBe('((name, "id") > ($1, $2) OR "name" IS NULL)');
    expect(orderOf(nullableName, plain, after.sort)).toBe('name ASC NULLS LAST, "id" ASC');
  });

  it('escapes LIKE wildcards and lower-cases the text', () => {
    expect(containing('50%_OFF\\')).toBe('%50\\%\\_off\\\\%');
  });
});
