import { ApiError } from '@corral/core';
import { checkLimits } from './column-limits.js';
import { keyOfId } from './ids.js';
import type { ColumnMap, TableMap } from './table-map.js';

/** What differs between dialects in how a value is written: SQLite has no boolean type. */
export interface ValueCodec {
  /** The parameter for a boolean. */
  boolean(value: boolean): unknown;
  /** Whether JSON arrives as text to be parsed (SQLite) or already parsed (PostgreSQL's jsonb). */
  readonly jsonAsText: boolean;
  /** Whether text may hold the NUL character (PostgreSQL's may not: no stored value can then equal one that does). */
  readonly nulInText: boolean;
}

/**
 * The parameter for one field's value. Structured values go as JSON text (pg would otherwise send
 * an array as a PostgreSQL array); a key held in an integer or UUID column must be one, or the
 * write is refused as invalid input (422) instead of failing in the database.
 */
export function columnValue(column: ColumnMap, value: unknown, codec: ValueCodec): unknown {
  if (value === undefined || value === null) return null;
  // A boolean kept in an integer column of a table the application owns is 1 or 0 there.
  if (column.kind === 'boolean')
    return column.storage === 'boolean' ? codec.boolean(value === true) : value === true ? 1 : 0;
  switch (column.storage) {
    case 'json':
      return JSON.stringify(value);
    case 'integer':
    case 'uuid':
      if (column.kind !== 'string') return value;
      if (keyOfId(column.storage, String(value)) === undefined) {
        // A text field of a uuid column that is no id (a token, say) is just not a UUID.
        if (!column.holdsId)
          throw new ApiError('validationFailed', `${column.field}: must be a UUID`, {
            fieldErrors: [
              { field: column.field, message: 'must be a UUID, e.g. 7f6c0b8e-3d1a-4c5e-9b2f-0a1b2c3d4e5f' },
            ],
          });
        throw new ApiError('validationFailed', `${column.field}: no record can have this id`, {
          fieldErrors: [
            {
              field: column.field,
              message: `must be the id of an existing record; ${JSON.stringify(String(value))} cannot be one`,
            },
          ],
        });
      }
      return String(value);
    default:
      return value;
  }
}

/**
 * The parameters for a record's data, one per column of the map, in its order. Data a column
 * cannot hold (too long, out of range) is refused first, naming the fields.
 */
export function rowValues(map: TableMap, data: Readonly<Record<string, unknown>>, codec: ValueCodec): unknown[] {
  checkLimits(map, data);
  return map.columns.map((column) => columnValue(column, data[column.field], codec));
}

/**
 * A column's value as the API gives it: numbers as numbers (pg sends bigint and numeric as text),
 * keys as strings, JSON parsed.
 */
export function fieldValue(column: ColumnMap, raw: unknown, codec: ValueCodec): unknown {
  switch (column.kind) {
    case 'integer':
    case 'number':
      return typeof raw === 'number' ? raw : Number(raw);
    case 'boolean':
      return raw === true || raw === 1 || raw === 1n || raw === '1';
    case 'json':
      if (codec.jsonAsText && typeof raw === 'string') {
        try {
          return JSON.parse(raw) as unknown;
        } catch {
          return raw; // written by another program as plain text: served as it is
        }
      }
      return raw;
    default:
      return typeof raw === 'string' ? raw : String(raw);
  }
}

/**
 * A row's columns as a record's data: NULL is null for a nullable field and an absent property
 * otherwise (as an optional field the client left out). A row is an object by column name, or an
 * array in the order `selectedColumns` lists them (the id first), which drivers build faster.
 */
export function recordData(
  map: TableMap,
  row: Readonly<Record<string, unknown>> | readonly unknown[],
  codec: ValueCodec,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const positional = Array.isArray(row);
  const { columns } = map;
  for (let index = 0; index < columns.length; index++) {
    const column = columns[index]!;
    const raw = positional ? row[index + 1] : (row as Readonly<Record<string, unknown>>)[column.column];
    if (raw === null || raw === undefined) {
      if (column.nullable) data[column.field] = null;
    } else {
      data[column.field] = fieldValue(column, raw, codec);
    }
  }
  return data;
}
