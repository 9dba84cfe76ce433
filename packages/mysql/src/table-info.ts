import { typeRanges, type ColumnLimits, type OwnedColumn } from '@corral/sql';
import type { MysqlDatabase, Queryable } from './database.js';
import { storageOfMysql, textCollation } from './dialect.js';

type Row = Record<string, unknown>;

/** Rows of a catalogue query, by column name. */
async function rowsOf(database: MysqlDatabase, on: Queryable, sql: string, values: unknown[] = []): Promise<Row[]> {
  return (await database.query(on, sql, values)).rows as Row[];
}

/** Whether the connection's database has a table of that name. */
export async function tableExists(database: MysqlDatabase, on: Queryable, table: string): Promise<boolean> {
  const rows = await rowsOf(
    database,
    on,
    `SELECT 1 AS found FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?1`,
    [table],
  );
  return rows.length > 0;
}

/** A column that is a binary-safe text column compares by code point as it is; others are converted. */
const codePointCollations = new Set([textCollation, 'utf8mb4_bin']);

/** The integer ranges of MariaDB's smaller types, which values are checked against before a write. */
const integerRanges: Record<string, [number, number]> = {
  tinyint: [-128, 127],
  smallint: [-32768, 32767],
  mediumint: [-8388608, 8388607],
  int: [-2147483648, 2147483647],
};

/** The columns of a table as information_schema tells them (JSON is LONGTEXT checked by JSON_VALID). */
export async function columnsOf(
  database: MysqlDatabase,
  on: Queryable,
  table: string,
): Promise<(OwnedColumn & { readonly recollate: boolean; readonly autoIncrement: boolean })[]> {
  const rows = await rowsOf(
    database,
    on,
    `SELECT c.COLUMN_NAME AS name, c.DATA_TYPE AS data_type, c.COLUMN_TYPE AS column_type, c.IS_NULLABLE AS nullable,
      c.COLUMN_DEFAULT AS default_value, c.EXTRA AS extra, c.IS_GENERATED AS generated, c.COLLATION_NAME AS collation,
      c.CHARACTER_MAXIMUM_LENGTH AS max_length, c.NUMERIC_PRECISION AS numeric_precision, c.NUMERIC_SCALE AS numeric_scale,
      EXISTS (SELECT 1 FROM information_schema.CHECK_CONSTRAINTS k WHERE k.CONSTRAINT_SCHEMA = c.TABLE_SCHEMA AND k.TABLE_NAME = c.TABLE_NAME
        AND k.CHECK_CLAUSE LIKE CONCAT('%json_valid(_', c.COLUMN_NAME, '_)%')) AS checked_json
    FROM information_schema.COLUMNS c WHERE c.TABLE_SCHEMA = DATABASE() AND c.TABLE_NAME = ?1 ORDER BY c.ORDINAL_POSITION`,
    [table],
  );
  return rows.map((row) => {
    const dataType = String(row.data_type).toLowerCase();
    const columnType = String(row.column_type).toLowerCase();
    const storage = storageOfMysql(dataType, columnType, Number(row.checked_json) === 1);
    const limits = limitsOf(dataType, columnType, row);
    const extra = String(row.extra ?? '').toLowerCase();
    const generated = String(row.generated ?? 'NEVER') !== 'NEVER';
    return {
      name: String(row.name),
      storage,
      // MariaDB's INT is SQL's INTEGER, the word the other engines' messages use.
      type: dataType === 'int' ? 'integer' : dataType,
      ...(limits ? { limits } : {}),
      notNull: row.nullable === 'NO',
      // information_schema shows a missing default as NULL (MariaDB: the text 'NULL' for a nullable column).
      hasDefault:
        (row.default_value !== null && row.default_value !== undefined) ||
        extra.includes('auto_increment') ||
        generated,
      generated,
      recollate: storage === 'text' && row.collation !== null && !codePointCollations.has(String(row.collation)),
      autoIncrement: extra.includes('auto_increment'),
    };
  });
}

/** A column's declared size or range: `varchar(n)`, the smaller integer types, `decimal(p, s)`. */
function limitsOf(dataType: string, columnType: string, row: Row): ColumnLimits | undefined {
  if ((dataType === 'varchar' || dataType === 'char') && row.max_length !== null)
    return { maxLength: Number(row.max_length) };
  const range = integerRanges[dataType];
  if (range && columnType !== 'tinyint(1)') {
    const unsigned = columnType.includes('unsigned');
    return { range: unsigned ? [0, range[1] * 2 + 1] : range };
  }
  if (dataType === 'float') return { range: typeRanges.real };
  if (dataType === 'decimal' && row.numeric_precision !== null)
    return {
      digits: { whole: Number(row.numeric_precision) - Number(row.numeric_scale), scale: Number(row.numeric_scale) },
    };
  return undefined;
}

/** The columns each CHECK constraint reads, by name (a name is looked for in the clause, quoted). */
export async function checksOf(
  database: MysqlDatabase,
  on: Queryable,
  table: string,
  columns: readonly string[],
): Promise<Map<string, string[]>> {
  const rows = await rowsOf(
    database,
    on,
    `SELECT CONSTRAINT_NAME AS name, CHECK_CLAUSE AS clause FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = ?1`,
    [table],
  );
  return new Map(
    rows.map((row) => [
      String(row.name),
      columns.filter(
        (column) => String(row.clause).includes(`\`${column}\``) || String(row.clause).includes(`"${column}"`),
      ),
    ]),
  );
}

/** The indexes of a table by name: their columns in order, and whether unique. */
export async function indexesOf(
  database: MysqlDatabase,
  on: Queryable,
  table: string,
): Promise<Map<string, { columns: string[]; unique: boolean; partial: boolean }>> {
  const rows = await rowsOf(
    database,
    on,
    `SELECT INDEX_NAME AS name, COLUMN_NAME AS column_name, NON_UNIQUE AS non_unique, SUB_PART AS sub_part FROM information_schema.STATISTICS
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?1 ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [table],
  );
  const indexes = new Map<string, { columns: string[]; unique: boolean; partial: boolean }>();
  for (const row of rows) {
    const name = String(row.name);
    const index = indexes.get(name) ?? { columns: [], unique: Number(row.non_unique) === 0, partial: false };
    index.columns.push(String(row.column_name));
    if (row.sub_part !== null) index.partial = true;
    indexes.set(name, index);
  }
  return indexes;
}

/** A count for start-up decisions (not for serving). */
export async function countRows(
  database: MysqlDatabase,
  on: Queryable,
  table: string,
  where = '1 = 1',
): Promise<number> {
  const rows = await rowsOf(database, on, `SELECT count(*) AS n FROM ${table} WHERE ${where}`);
  return Number(rows[0]!.n);
}
