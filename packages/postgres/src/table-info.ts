import { typeRanges, type ColumnLimits, type OwnedColumn } from '@corral/sql';
import type { Queryable } from './database.js';
import { storageOfPostgres } from './dialect.js';

/** Whether `schema.table` is a table (names as stored, unquoted). */
export async function tableExists(on: Queryable, schema: string, table: string): Promise<boolean> {
  const found = await on.query(`SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = $2`, [schema, table]);
  return (found.rowCount ?? 0) > 0;
}

/** The columns of a table, as information_schema and pg_enum tell them; enum types are text columns with labels. */
export async function columnsOf(
  on: Queryable,
  schema: string,
  table: string,
): Promise<(OwnedColumn & { readonly enumTyped: boolean })[]> {
  const result = await on.query(
    `
    SELECT c.column_name, c.data_type, c.udt_name, c.is_nullable, c.column_default, c.is_identity, c.is_generated,
      c.character_maximum_length, c.numeric_precision, c.numeric_scale,
      (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_enum e ON e.enumtypid = t.oid
        WHERE t.typname = c.udt_name AND n.nspname = c.udt_schema) AS labels
    FROM information_schema.columns c WHERE c.table_schema = $1 AND c.table_name = $2 ORDER BY c.ordinal_position`,
    [schema, table],
  );
  return result.rows.map((row) => {
    const labels = row.labels as string[] | null;
    const limits = limitsOf(row);
    return {
      name: String(row.column_name),
      storage: labels ? 'text' : storageOfPostgres(String(row.data_type), String(row.udt_name)),
      // A type of an extension or an enum is named by its own name, not `USER-DEFINED`.
      type: row.data_type === 'USER-DEFINED' ? String(row.udt_name) : String(row.data_type),
      ...(limits ? { limits } : {}),
      notNull: row.is_nullable === 'NO',
      hasDefault: row.column_default !== null || row.is_identity === 'YES' || row.is_generated === 'ALWAYS',
      generated: row.is_generated === 'ALWAYS',
      enumTyped: labels !== null,
      ...(labels ? { labels } : {}),
    };
  });
}

/** A column's declared size or range, from information_schema: the length of `varchar(n)`, an integer type's range, `numeric(p, s)`. */
function limitsOf(row: Record<string, unknown>): ColumnLimits | undefined {
  switch (row.data_type) {
    case 'character varying':
    case 'character':
      return row.character_maximum_length === null ? undefined : { maxLength: Number(row.character_maximum_length) };
    case 'smallint':
    case 'integer':
    case 'real':
      return { range: typeRanges[row.data_type] };
    case 'numeric':
      return row.numeric_precision === null
        ? undefined
        : {
            digits: {
              whole: Number(row.numeric_precision) - Number(row.numeric_scale),
              scale: Number(row.numeric_scale),
            },
          };
    default:
      return undefined;
  }
}

/**
 * The columns each CHECK constraint of a table reads, by constraint name (pg_constraint's
 * `conkey`), so that a broken one is answered naming the fields.
 */
export async function checksOf(on: Queryable, schema: string, table: string): Promise<Map<string, string[]>> {
  const result = await on.query(
    `
    SELECT con.conname, array(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = con.conrelid AND a.attnum = ANY(con.conkey) ORDER BY a.attnum) AS columns
    FROM pg_constraint con JOIN pg_class t ON t.oid = con.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE con.contype = 'c' AND n.nspname = $1 AND t.relname = $2`,
    [schema, table],
  );
  return new Map(result.rows.map((row) => [String(row.conname), row.columns as string[]]));
}

/** Names of a table's indexes. */
export async function indexesOf(on: Queryable, schema: string, table: string): Promise<string[]> {
  const result = await on.query(`SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2`, [
    schema,
    table,
  ]);
  return result.rows.map((row) => String(row.indexname));
}

/** A count for start-up decisions (not for serving). */
export async function countRows(on: Queryable, table: string, where = 'true'): Promise<number> {
  const result = await on.query(`SELECT count(*)::bigint AS n FROM ${table} WHERE ${where}`);
  return Number(result.rows[0]!.n);
}

/**
 * The columns of each unique index of a table (a unique or primary key constraint has one), leaving
 * out partial ones and those over expressions: they do not keep the columns unique as such.
 */
export async function uniqueIndexesOf(on: Queryable, schema: string, table: string): Promise<string[][]> {
  const result = await on.query(
    `SELECT array_agg(a.attname::text ORDER BY k.ord) AS columns
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
    WHERE n.nspname = $1 AND t.relname = $2 AND i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL
    GROUP BY i.indexrelid`,
    [schema, table],
  );
  return result.rows.map((row) => row.columns as string[]);
}
