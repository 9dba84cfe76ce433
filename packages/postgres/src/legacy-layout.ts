import { derivedName, quoted, type ColumnMap, type LegacyProblem, type TableMap } from '@corral/sql';
import type { Queryable } from './database.js';
import { literal } from './dialect.js';
import { createTableSql } from './managed-table.js';

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

/**
 * Records of the old table (layout 1: one JSON document per row) that would not fit the new
 * columns, or hold properties no field keeps any more (their values would be lost), each with the
 * UPDATE that fixes it in the old table.
 */
export async function legacyProblems(
  on: Queryable,
  schema: string,
  map: TableMap,
  legacy: string,
): Promise<LegacyProblem[]> {
  const table = `${schema}.${quoted(legacy)}`;
  const problems: LegacyProblem[] = [];
  const check = async (condition: string, describe: (count: number, ids: string) => string, fix: string) => {
    const result = await on.query(
      `SELECT count(*)::integer AS n, (array_agg(seq ORDER BY seq))[1:5]::text[] AS ids FROM ${table} WHERE NOT deleted AND ${condition}`,
    );
    const { n, ids } = result.rows[0] as { n: number; ids: string[] | null };
    if (n > 0)
      problems.push({
        description: describe(n, `${(ids ?? []).join(', ')}${n > 5 ? ', ...' : ''}`),
        fix: fix.replace('<where>', `NOT deleted AND ${condition}`),
      });
  };
  const set = (column: ColumnMap, value: string) =>
    `UPDATE ${table} SET data = jsonb_set(data, ${literal(`{${column.field}}`)}, ${value}) WHERE <where>;`;
  for (const column of map.columns) {
    const value = `(data -> ${literal(column.field)})`;
    if (column.required) {
      await check(
        `(${value} IS NULL OR jsonb_typeof(${value}) = 'null')`,
        (n, ids) => `${n} record(s) of ${map.collection} (ids ${ids}) have no ${column.field}, which is required`,
        set(column, `'<a JSON value>'::jsonb`),
      );
    }
    const wrong = misfit(column);
    if (wrong)
      await check(
        wrong,
        (n, ids) =>
          `${n} record(s) of ${map.collection} (ids ${ids}) hold a ${column.field} that is not ${column.kind === 'enum' ? 'a string' : `a ${column.kind}`}`,
        set(column, `'<a ${column.kind} as JSON>'::jsonb`),
      );
    if (column.values) {
      await check(
        `jsonb_typeof(${value}) = 'string' AND (data ->> ${literal(column.field)}) NOT IN (${column.values.map(literal).join(', ')})`,
        (n, ids) =>
          `${n} record(s) of ${map.collection} (ids ${ids}) hold a ${column.field} other than ${column.values!.join(', ')}`,
        set(column, `'"<one of ${column.values.join(', ')}>"'::jsonb`),
      );
    }
    if (column.references) {
      const key = `(data ->> ${literal(column.field)})`;
      await check(
        `${key} ~ ${canonicalKey} AND NOT EXISTS (SELECT 1 FROM ${schema}.${quoted(column.references.table)} AS parent WHERE parent.${quoted(column.references.column)} = ${key}::bigint)`,
        (n, ids) =>
          `${n} record(s) of ${map.collection} (ids ${ids}) name a ${column.field} with no record in ${column.references!.table}`,
        `DELETE FROM ${table} WHERE <where>; (or point them at an existing record)`,
      );
    }
  }
  const declared = map.columns.map((column) => column.field);
  const keys = await on.query(
    `SELECT DISTINCT jsonb_object_keys(data) AS key FROM ${table} WHERE NOT deleted ORDER BY 1`,
  );
  const stray = keys.rows.map((row) => String(row.key)).filter((key) => !declared.includes(key));
  if (stray.length > 0) {
    await check(
      `data ?| ARRAY[${stray.map(literal).join(', ')}]`,
      (n, ids) =>
        `${n} record(s) of ${map.collection} (ids ${ids}) hold ${stray.join(', ')}, which no field of the schema keeps: moving them would lose those values`,
      `UPDATE ${table} SET data = data ${stray.map((key) => `- ${literal(key)}`).join(' ')} WHERE <where>; (or declare the fields again)`,
    );
  }
  return problems;
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
