import {
  derivedName,
  legacyProblemsOf,
  quoted,
  type ColumnMap,
  type LegacyDocumentSql,
  type LegacyProblem,
  type TableMap,
} from '@corral/sql';
import type { Queryable } from './database.js';
import { literal } from './dialect.js';
import { createTableSql, limits } from './managed-table.js';

const canonicalKey = `'^[1-9][0-9]{0,18}$'`;

/**
 * The condition under which an old row's value of the field cannot move into its column; undefined
 * when any JSON fits.
 */
function misfit(column: ColumnMap): string | undefined {
  const value = `(data -> ${literal(column.field)})`;
  const type = `jsonb_typeof(${value})`;
  if (column.storage === 'integer' && column.kind === 'string')
    return `${type} <> 'null' AND NOT (${type} IN ('string', 'number') AND (data ->> ${literal(column.field)}) ~ ${canonicalKey})`;
  switch (column.kind) {
    case 'string':
    case 'enum':
      return `${type} NOT IN ('string', 'null')`;
    case 'integer':
      return `${type} <> 'null' AND (${type} <> 'number' OR (data ->> ${literal(column.field)})::numeric % 1 <> 0)`;
    case 'number':
      return `${type} NOT IN ('number', 'null')`;
    case 'boolean':
      return `${type} NOT IN ('boolean', 'null')`;
    default:
      return undefined;
  }
}

/** The SQL expression reading a field out of an old row, typed as its column. */
function moved(column: ColumnMap): string {
  const text = `(data ->> ${literal(column.field)})`;
  if (column.kind === 'json') return `NULLIF(data -> ${literal(column.field)}, 'null'::jsonb)`;
  switch (column.storage) {
    case 'integer':
      return `${text}::bigint`;
    case 'real':
      return `${text}::double precision`;
    case 'boolean':
      return `${text}::boolean`;
    case 'uuid':
      return `${text}::uuid`;
    default:
      return text;
  }
}

/** How the previous layout's documents read in PostgreSQL's jsonb operators. */
function documentSql(schema: string, table: string): LegacyDocumentSql {
  const value = (column: ColumnMap) => `(data -> ${literal(column.field)})`;
  const text = (column: ColumnMap) => `(data ->> ${literal(column.field)})`;
  return {
    live: 'NOT deleted',
    missing: (column) => `(${value(column)} IS NULL OR jsonb_typeof(${value(column)}) = 'null')`,
    misfit,
    wanted: (column) => (column.kind === 'enum' ? 'a string' : `a ${column.kind}`),
    outside: (column) =>
      `jsonb_typeof(${value(column)}) = 'string' AND ${text(column)} NOT IN (${column.values!.map(literal).join(', ')})`,
    beyond: (column) => {
      // Read as the column holds it, and only from a value of its JSON type (others are misfits).
      const typed = column.storage === 'text' ? ['string', text(column)] : ['number', `${text(column)}::numeric`];
      const check = limits(column, `(CASE WHEN jsonb_typeof(${value(column)}) = '${typed[0]}' THEN ${typed[1]} END)`);
      return check && `NOT (${check})`;
    },
    orphaned: (column) =>
      `${text(column)} ~ ${canonicalKey} AND NOT EXISTS (SELECT 1 FROM ${schema}.${quoted(column.references!.table)} AS parent WHERE parent.${quoted(column.references!.column)} = ${text(column)}::bigint)`,
    holds: (keys) => `data ?| ARRAY[${keys.map(literal).join(', ')}]`,
    set: (column, put) => {
      const json =
        put.kind === 'any'
          ? `'<a JSON value>'::jsonb`
          : put.kind === 'wanted'
            ? `'<a ${column.kind} as JSON>'::jsonb`
            : `'"<one of ${put.values.join(', ')}>"'::jsonb`;
      return `UPDATE ${table} SET data = jsonb_set(data, ${literal(`{${column.field}}`)}, ${json}) WHERE <where>;`;
    },
    remove: (keys) =>
      `UPDATE ${table} SET data = data ${keys.map((key) => `- ${literal(key)}`).join(' ')} WHERE <where>`,
    deleteRows: `DELETE FROM ${table} WHERE <where>`,
  };
}

/** Records of the old table (layout 1) that would not fit the new columns (see {@link legacyProblemsOf}). */
export async function legacyProblems(
  on: Queryable,
  schema: string,
  map: TableMap,
  legacy: string,
): Promise<LegacyProblem[]> {
  const table = `${schema}.${quoted(legacy)}`;
  const count = async (condition: string) => {
    const result = await on.query(
      `SELECT count(*)::integer AS n, (array_agg(seq ORDER BY seq))[1:5]::text[] AS ids FROM ${table} WHERE NOT deleted AND ${condition}`,
    );
    const { n, ids } = result.rows[0] as { n: number; ids: string[] | null };
    return { count: n, ids: ids ?? [] };
  };
  const keys = await on.query(
    `SELECT DISTINCT jsonb_object_keys(data) AS key FROM ${table} WHERE NOT deleted ORDER BY 1`,
  );
  return legacyProblemsOf(
    map,
    documentSql(schema, table),
    count,
    keys.rows.map((row) => String(row.key)),
  );
}

/**
 * Moves an old table's records into a new table of columns, in the caller's transaction: live
 * records keep their ids and versions, deleted ones become tombstones, the identity continues
 * after the highest id ever handed out, the old table (with its indexes and statistics) goes.
 */
export async function moveLegacy(on: Queryable, schema: string, map: TableMap, legacy: string): Promise<void> {
  const staging = derivedName(map.table, 'corral_moving');
  const old = `${schema}.${quoted(legacy)}`;
  await on.query(createTableSql(schema, map, staging));
  const columns = ['"id"', quoted(map.version!), ...map.columns.map((column) => quoted(column.column))].join(', ');
  await on.query(
    `INSERT INTO ${schema}.${quoted(staging)} (${columns}) OVERRIDING SYSTEM VALUE SELECT seq, version, ${map.columns.map(moved).join(', ')} FROM ${old} WHERE NOT deleted ORDER BY seq`,
  );
  await on.query(
    `INSERT INTO ${schema}.corral_tombstones (collection, id) SELECT $1, seq::text FROM ${old} WHERE deleted ON CONFLICT DO NOTHING`,
    [map.collection],
  );
  const last = await on.query(
    `SELECT greatest((SELECT max(seq) FROM ${old}), pg_sequence_last_value(pg_get_serial_sequence($1, 'seq')::regclass)) AS last`,
    [old],
  );
  await on.query(`DROP TABLE ${old}`);
  await on.query(`ALTER TABLE ${schema}.${quoted(staging)} RENAME TO ${quoted(map.table)}`);
  const key = await on.query(`SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'p'`, [
    `${schema}.${quoted(map.table)}`,
  ]);
  await on.query(
    `ALTER TABLE ${schema}.${quoted(map.table)} RENAME CONSTRAINT ${quoted(String(key.rows[0]!.conname))} TO ${quoted(derivedName(map.table, 'pkey'))}`,
  );
  const sequence = await on.query(`SELECT pg_get_serial_sequence($1, 'id') AS name`, [
    `${schema}.${quoted(map.table)}`,
  ]);
  const lastId = last.rows[0]?.last as string | null;
  if (lastId !== null) await on.query(`SELECT setval($1::regclass, $2::bigint)`, [sequence.rows[0]!.name, lastId]);
  await on.query(
    `ALTER SEQUENCE ${sequence.rows[0]!.name as string} RENAME TO ${quoted(derivedName(map.table, 'id_seq'))}`,
  );
}
