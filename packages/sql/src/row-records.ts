import { hash } from 'node:crypto';
import type { StoredRecord } from '@corral/core';
import type { SqlRow } from './sql-driver.js';
import type { TableMap } from './table-map.js';
import { recordData, type ValueCodec } from './values.js';

/** The alias of a row's version in SELECT lists. */
export const versionAlias = 'corral_row_version';

/**
 * A record from a row read with a record's SELECT list (id, the map's columns, then the version
 * when `versioned`): by column name, or as an array in that order. Without a version expression the
 * version is a digest of the values the API serves, so any change to them gives a new one.
 */
export function rowRecord<T>(map: TableMap, row: SqlRow, codec: ValueCodec, versioned: boolean): StoredRecord<T> {
  if (Array.isArray(row)) {
    const version = versioned ? Number(row[map.columns.length + 1]) : digestOf(row.slice(1, map.columns.length + 1));
    return { id: String(row[0]), version, data: recordData(map, row, codec) as T };
  }
  const named = row as Readonly<Record<string, unknown>>;
  const version = versioned ? Number(named[versionAlias]) : digestOf(map.columns.map((column) => named[column.column]));
  return { id: String(named[map.id.column]), version, data: recordData(map, named, codec) as T };
}

/** A digest of a row's values, in 52 bits: a whole number JavaScript holds exactly. */
export function digestOf(columnValues: readonly unknown[]): number {
  const values = columnValues.map((value) => value ?? null);
  const text = JSON.stringify(values, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  return Number.parseInt(hash('sha1', text, 'hex').slice(0, 13), 16);
}

/** Numbers placeholders in the order values are added, so a statement is built in one pass. */
export class Parameters {
  readonly values: unknown[] = [];

  constructor(
    private readonly placeholder: (n: number) => string,
    private readonly first = 1,
  ) {}

  /** The placeholder of a new parameter holding `value`. */
  add(value: unknown): string {
    this.values.push(value);
    return this.placeholder(this.first + this.values.length - 1);
  }

  /** The number the next parameter gets. */
  get next(): number {
    return this.first + this.values.length;
  }
}
