import { CorralError } from '@corral/core';
/** Table and field names go into SQL text (index expressions cannot take parameters): only plain words are let through. */
const plainWord = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A double-quoted SQL identifier for a collection's table or one of its columns. */
export function identifier(name: string): string {
  if (!plainWord.test(name)) throw new CorralError('CORRAL_INVALID_TABLE_NAME', `@corral/sqlite: "${name}" cannot name a table or column; use letters, digits, _ and -`);
  return `"${name}"`;
}

/** The SQL expression reading one field of a record's JSON; the same text in indexes and queries, so indexes are used. */
export function fieldExpression(field: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new CorralError('CORRAL_INVALID_FIELD_NAME', `@corral/sqlite: field "${field}" cannot be filtered, sorted or searched; use letters, digits and _`);
  return `json_extract(data, '$.${field}')`;
}

/** The column holding a searchable field lower-cased the JavaScript way (SQLite's lower() folds ASCII only). */
export function searchColumn(field: string): string {
  return identifier(`search_${field}`);
}

/** Ids are the decimal row numbers SQLite hands out; anything else names no record. */
export function rowOf(id: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : undefined;
}
