import { CorralError } from '@corral/core';
import type { StoredFieldKind, StoreInit } from '@corral/core';

/** Table, schema and field names go into SQL text (indexes cannot take parameters): only plain words pass. */
const plainWord = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A double-quoted SQL identifier. */
export function identifier(name: string): string {
  if (!plainWord.test(name) || name.length > 60) throw new CorralError('CORRAL_INVALID_TABLE_NAME', `@corral/postgres: "${name}" cannot name a table, schema or column; use up to 60 letters, digits, _ and -`);
  return `"${name}"`;
}

/**
 * The SQL expression of one field of a record, typed by what the field holds, so that comparisons
 * and order follow the value: numbers by value, strings by code point (collation "C"), false
 * before true. The same text is used in indexes and in queries, so that the indexes are used.
 */
export function fieldExpression(init: StoreInit, field: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new CorralError('CORRAL_INVALID_FIELD_NAME', `@corral/postgres: field "${field}" cannot be filtered, sorted or searched; use letters, digits and _`);
  const kind: StoredFieldKind = init.fields[field] ?? 'string';
  switch (kind) {
    case 'number':
    case 'integer':
      return `((data->>'${field}')::numeric)`;
    case 'boolean':
      return `((data->>'${field}')::boolean)`;
    case 'json':
      return `(data->'${field}')`;
    default:
      return `((data->>'${field}') COLLATE "C")`;
  }
}

/** The column holding a searchable field lower-cased the JavaScript way. */
export function searchColumn(field: string): string {
  return identifier(`search_${field}`);
}

/** Ids are the decimal row numbers PostgreSQL hands out; anything else names no record. */
export function rowOf(id: string): string | undefined {
  return /^[1-9][0-9]{0,17}$/.test(id) ? id : undefined;
}
