import { describe, expect, it } from 'vitest';
import { containing, orderOf, whereOf, type QueryDialect } from './query.js';
import { tableMapOf } from './table-map.js';
import { animalsInit } from './table-map.test.js';

/** A dialect that writes the parts plainly, to read what the skeleton asks of it. */
const plain: QueryDialect = {
  codec: { boolean: (value) => (value ? 1 : 0), jsonAsText: true, nulInText: false },
  placeholder: (n) => `$${n}`,
  equals: (column, p) => `${column.column} = ${p}`,
  contains: (column, p) => `lower(${column.column}) LIKE ${p}`,
  sortKey: (column) => column.column,
  nulls: (order, column) => (column.required ? '' : order === 'asc' ? ' NULLS LAST' : ' NULLS FIRST'),
};

describe('WHERE and ORDER BY of a list', () => {
  const map = tableMapOf({ ...animalsInit, parent: { field: 'zooId', collection: 'zoos', store: {} as never, onDelete: 'restrict' } }, {}, { table: 'zoos', id: { column: 'id', storage: 'integer' } });

  it('compares each filter, numbered from where the statement wants, and searches in any field', () => {
    const where = whereOf(map, plain, { kind: 'bird', wild: true, weight: null }, { text: 'K_a%', fields: ['name', 'kind'] }, 3);
    expect(where.sql).toBe('kind = $3 AND wild = $4 AND "weight" IS NULL AND (lower(name) LIKE $5 OR lower(kind) LIKE $5)');
    expect(where.parameters).toEqual(['bird', 1, '%k\\_a\\%%']);
    expect(where).toMatchObject({ all: false, none: false, searched: true });
    expect(where.equal.map((c) => c.field)).toEqual(['kind', 'wild']);
  });

  it('selects all without filters, and nothing for a key no row can hold', () => {
    expect(whereOf(map, plain, {}, undefined)).toMatchObject({ sql: '1 = 1', all: true, none: false });
    expect(whereOf(map, plain, {}, { text: '', fields: ['name'] })).toMatchObject({ all: true });
    expect(whereOf(map, plain, { zooId: 'not-an-id' }, undefined)).toMatchObject({ none: true, all: false });
    expect(whereOf(map, plain, { zooId: '12' }, undefined)).toMatchObject({ none: false, parameters: ['12'] });
    // Values no column of the database can hold: a whole number past 64 bits, text with NUL where text cannot have it.
    expect(whereOf(map, plain, { yearOfBirth: 1e20 }, undefined)).toMatchObject({ none: true });
    expect(whereOf(map, plain, { name: 'a\u0000b' }, undefined)).toMatchObject({ none: true });
    expect(whereOf(map, plain, {}, { text: 'a\u0000', fields: ['name'] })).toMatchObject({ none: true });
    expect(whereOf(map, { ...plain, codec: { ...plain.codec, nulInText: true } }, { name: 'a\u0000b' }, undefined)).toMatchObject({ none: false });
  });

  it('orders by the sort key, missing values last ascending, then by id the same way', () => {
    expect(orderOf(map, plain, undefined)).toBe('"id" ASC');
    expect(orderOf(map, plain, { field: 'name', order: 'asc' })).toBe('name ASC, "id" ASC');
    expect(orderOf(map, plain, { field: 'weight', order: 'desc' })).toBe('weight DESC NULLS FIRST, "id" DESC');
  });

  it('escapes LIKE wildcards and lower-cases the text', () => {
    expect(containing('50%_OFF\\')).toBe('%50\\%\\_off\\\\%');
  });
});
