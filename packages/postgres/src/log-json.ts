import { type ChangeSql, quoted } from '@corral/sql';
import type { Queryable } from './database.js';
import { literal } from './dialect.js';

/** The functions that build a log row's records for the type its columns hold. */
export interface LogJson {
  /** The column type: `json` (a new log), or `jsonb` (a log an earlier release made). */
  readonly type: 'json' | 'jsonb';
  /** A whole row as an object. */
  readonly row: string;
  /** An object from names and values. */
  readonly build: string;
  /** The aggregate of several into an array. */
  readonly agg: string;
}

const text: LogJson = { type: 'json', row: 'row_to_json', build: 'json_build_object', agg: 'json_agg' };
const binary: LogJson = { type: 'jsonb', row: 'to_jsonb', build: 'jsonb_build_object', agg: 'jsonb_agg' };

/** The logs (by their statements' maker) found with jsonb columns: built as jsonb, nothing is converted. */
const binaryLogs = new WeakSet<ChangeSql>();

/** Remembers the type of the log's record columns, found when a store set up (see {@link logRecordType}). */
export function noteLogType(changes: ChangeSql, type: 'json' | 'jsonb'): void {
  if (type === 'jsonb') binaryLogs.add(changes);
  else binaryLogs.delete(changes);
}

/** How the statements of `changes` build records: as the log's columns hold them. */
export const logJsonOf = (changes: ChangeSql): LogJson => (binaryLogs.has(changes) ? binary : text);

/** The type of the `data` column of the schema's log (its table made already). */
export async function logRecordType(on: Queryable, schema: string): Promise<'json' | 'jsonb'> {
  const found = await on.query(
    `SELECT format_type(atttypid, NULL) AS type FROM pg_attribute WHERE attrelid = ${literal(`${schema}.corral_changes`)}::regclass AND attname = 'data'`,
  );
  return found.rows[0]?.type === 'jsonb' ? 'jsonb' : 'json';
}

/**
 * Some columns of a row as an object, built directly as a whole row is. The build functions take
 * at most 100 arguments (50 columns): wider rows are joined in jsonb.
 */
export function columnsJson(json: LogJson, row: string, columns: readonly string[]): string {
  const parts: string[] = [];
  for (let at = 0; at < columns.length; at += 50) {
    const pairs = columns.slice(at, at + 50).map((column) => `${literal(column)}, ${row}.${quoted(column)}`);
    parts.push(`${json.build}(${pairs.join(', ')})`);
  }
  if (parts.length === 1) return parts[0]!;
  return `(${parts.map((part) => `${part}::jsonb`).join(' || ')})::${json.type}`;
}
