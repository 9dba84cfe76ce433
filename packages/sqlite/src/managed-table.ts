import { CorralError } from '@corral/core';
import {
  definitionOf,
  derivedName,
  indexMark,
  indexPlan,
  layoutVersion,
  limitsCheck,
  limitsConstraint,
  quoted,
  createUniqueSql,
  sharedKeysRefused,
  sharedKeysSql,
  uniqueMark,
  uniquePlan,
  type ColumnDefinition,
  type ColumnMap,
  type TableMap,
  type TextMeasure,
} from '@corral/sql';
import type { DatabaseSync } from 'node:sqlite';
import { logTriggerSql } from './change-log.js';
import { literal, sqliteTypes } from './dialect.js';
import type { TableWork } from './table-changes.js';
import { columnsOf, indexesOf } from './table-info.js';

export { layoutVersion };

/**
 * Text as the limits count it: characters; and for a minimum, a count never below zod's UTF-16 code
 * units, which SQLite cannot count: each character past U+FFFF (4 bytes in UTF-8, 2 units) adds at
 * least 3 bytes beyond its one character, so characters + (bytes - characters) / 3 is at least the
 * units, and exactly them for text of one-byte characters.
 */
const measure: TextMeasure = {
  chars: (column) => `length(${column})`,
  unitsAtLeast: (column) => `(length(${column}) + (length(CAST(${column} AS BLOB)) - length(${column})) / 3)`,
};

/** The condition of a column's limits, on the column or on `value`. */
export const limits = (column: ColumnMap, value?: string): string | undefined => limitsCheck(column, measure, value);

/**
 * A column's definition in a CREATE TABLE or ADD COLUMN: type, NOT NULL, the checks its values
 * need (its limits in a constraint named after the column, which SQLite's refusal reports), its
 * foreign key.
 */
export function columnSql(map: TableMap, column: ColumnMap): string {
  const name = quoted(column.column);
  const parts = [name, sqliteTypes[column.storage]];
  if (column.required) parts.push('NOT NULL');
  if (column.values) parts.push(`CHECK (${name} IN (${column.values.map(literal).join(', ')}))`);
  const check = limits(column);
  if (check) parts.push(`CONSTRAINT ${quoted(limitsConstraint(map, column))} CHECK (${check})`);
  if (column.storage === 'boolean') parts.push(`CHECK (${name} IN (0, 1))`);
  if (column.storage === 'json') parts.push(`CHECK (json_valid(${name}))`);
  if (column.references) {
    const { table, column: key, onDelete } = column.references;
    parts.push(
      `REFERENCES ${quoted(table)} (${quoted(key)}) ON DELETE ${onDelete === 'cascade' ? 'CASCADE' : 'RESTRICT'}`,
    );
  }
  return parts.join(' ');
}

/**
 * CREATE TABLE for the declared layout: the id (never reused: AUTOINCREMENT), the version, a column
 * per field; STRICT types.
 */
export function createTableSql(map: TableMap, name = map.table): string {
  const columns = [
    `"id" INTEGER PRIMARY KEY AUTOINCREMENT`,
    `${quoted(map.version!)} INTEGER NOT NULL DEFAULT 1`,
    ...map.columns.map((column) => columnSql(map, column)),
  ];
  return `CREATE TABLE ${quoted(name)} (${columns.join(', ')}) STRICT`;
}

/**
 * Triggers that keep the bookkeeping true whoever writes the table (the API, or SQL from another
 * program): an insert or delete moves the live count and the revision, a delete leaves a tombstone,
 * and an update that leaves the version as it was (one not made by the store) raises it, so that
 * ETags change and a stale If-Match is refused.
 */
function triggerSql(map: TableMap): string[] {
  const table = quoted(map.table);
  const version = quoted(map.version!);
  const collection = literal(map.collection);
  const bump = (live: string) =>
    `UPDATE corral_revisions SET revision = revision + 1${live} WHERE collection = ${collection};`;
  const name = (suffix: string) => quoted(derivedName(map.table, `corral_${suffix}`));
  return [
    `CREATE TRIGGER IF NOT EXISTS ${name('inserted')} AFTER INSERT ON ${table} BEGIN ${bump(', live = live + 1')} END`,
    `CREATE TRIGGER IF NOT EXISTS ${name('updated')} AFTER UPDATE ON ${table} BEGIN ${bump('')} END`,
    `CREATE TRIGGER IF NOT EXISTS ${name('versioned')} AFTER UPDATE ON ${table} WHEN NEW.${version} = OLD.${version} BEGIN UPDATE ${table} SET ${version} = OLD.${version} + 1 WHERE "id" = NEW."id"; END`,
    `CREATE TRIGGER IF NOT EXISTS ${name('deleted')} AFTER DELETE ON ${table} BEGIN INSERT OR IGNORE INTO corral_tombstones (collection, id) VALUES (${collection}, OLD."id"); ${bump(', live = live - 1')} END`,
  ];
}

/**
 * The indexes the declarations call for, unique ones included (dropping those of the store's own
 * that they no longer do). Rows that already share a value of a key declared unique stop start-up.
 */
function syncIndexes(connection: DatabaseSync, map: TableMap): void {
  const plan = indexPlan(map);
  const unique = uniquePlan(map);
  const wanted = new Set([...plan, ...unique].map((index) => index.name));
  const existing = indexesOf(connection, map.table);
  for (const name of existing.keys()) {
    const own = name.startsWith(`${map.table}_${indexMark}`) || name.startsWith(`${map.table}_${uniqueMark}`);
    if (own && !wanted.has(name)) connection.exec(`DROP INDEX ${quoted(name)}`);
  }
  const table = quoted(map.table);
  for (const index of unique) {
    if (existing.has(index.name)) continue;
    const shared = Number(connection.prepare(sharedKeysSql(index, table)).get()?.n ?? 0);
    if (shared > 0) throw sharedKeysRefused(map, index, shared, table);
    connection.exec(createUniqueSql(index, table));
  }
  for (const index of plan) {
    const keys = [...index.equal, ...(index.sorted ? [index.sorted] : [])].map((column) => quoted(column.column));
    connection.exec(
      `CREATE INDEX IF NOT EXISTS ${quoted(index.name)} ON ${quoted(map.table)} (${[...keys, '"id"'].join(', ')})`,
    );
  }
}

/** What the store wrote down when it last made or changed the table. */
export function storedDefinition(
  connection: DatabaseSync,
  collection: string,
): { table: string; columns: ColumnDefinition[] } | undefined {
  const row = connection
    .prepare('SELECT table_name, definition FROM corral_tables WHERE collection = ?')
    .get(collection);
  return row
    ? { table: String(row.table_name), columns: JSON.parse(String(row.definition)) as ColumnDefinition[] }
    : undefined;
}

/** Writes down the declared layout, so the next start can tell what changed. */
function recordDefinition(connection: DatabaseSync, map: TableMap): void {
  connection
    .prepare(`INSERT INTO corral_tables (collection, layout, table_name, definition) VALUES (?, ?, ?, ?)
    ON CONFLICT (collection) DO UPDATE SET layout = excluded.layout, table_name = excluded.table_name, definition = excluded.definition`)
    .run(map.collection, layoutVersion, map.table, JSON.stringify(map.columns.map(definitionOf)));
}

/**
 * Fails when rows of the tables, or of tables referring to them, point at nothing: a rebuild or a
 * move runs with foreign keys off, so the store checks the tables it touched before it commits.
 */
export function checkForeignKeys(connection: DatabaseSync, map: TableMap): void {
  const referring = connection
    .prepare(
      `SELECT m.name FROM sqlite_schema AS m, pragma_foreign_key_list(m.name) AS f WHERE m.type = 'table' AND f."table" = ? COLLATE NOCASE`,
    )
    .all(map.table)
    .map((row) => String(row.name));
  for (const table of new Set([map.table, ...referring])) {
    const broken = connection.prepare('SELECT count(*) AS n FROM pragma_foreign_key_check(?)').get(table)!;
    if (Number(broken.n) > 0)
      throw new CorralError(
        'CORRAL_SCHEMA_CHANGE_REFUSED',
        `Collection "${map.collection}": changing table ${map.table} would leave ${Number(broken.n)} row(s) of ${table} naming records that do not exist, so nothing was changed`,
      );
  }
}

/**
 * Makes the table a new collection needs, or adds its new optional columns. Runs in the caller's
 * transaction.
 */
export function createOrExtend(connection: DatabaseSync, map: TableMap, work: TableWork): void {
  if (work.kind === 'create') connection.exec(createTableSql(map));
  if (work.kind === 'add')
    for (const column of work.columns)
      connection.exec(`ALTER TABLE ${quoted(map.table)} ADD COLUMN ${columnSql(map, column)}`);
}

/**
 * Rebuilds the table in the declared layout the way SQLite documents it: a new table, the rows
 * copied (the changes are safe, so every row fits), the old table dropped and the new one renamed.
 * Ids keep counting where they were. The caller runs this with foreign keys off.
 */
export function rebuild(connection: DatabaseSync, map: TableMap): void {
  const staging = derivedName(map.table, 'corral_rebuild');
  const kept = new Set(columnsOf(connection, map.table).map((column) => column.name));
  const copied = ['id', map.version!, ...map.columns.map((column) => column.column)]
    .filter((name) => kept.has(name))
    .map((name) => quoted(name))
    .join(', ');
  const sequence = connection.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').get(map.table)?.seq;
  connection.exec(createTableSql(map, staging));
  connection.exec(`INSERT INTO ${quoted(staging)} (${copied}) SELECT ${copied} FROM ${quoted(map.table)}`);
  connection.exec(`DROP TABLE ${quoted(map.table)}`);
  connection.exec(`ALTER TABLE ${quoted(staging)} RENAME TO ${quoted(map.table)}`);
  keepSequence(connection, map.table, sequence === undefined || sequence === null ? undefined : Number(sequence));
}

/**
 * Makes the table's id sequence continue from `last` (SQLite forgets it with the dropped table), so
 * no id is handed out twice.
 */
export function keepSequence(connection: DatabaseSync, table: string, last: number | undefined): void {
  if (last === undefined) return;
  const now = connection.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').get(table);
  if (now) connection.prepare('UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?').run(last, table);
  else connection.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(table, last);
}

/**
 * After the table is as declared: its indexes and triggers, the written-down layout, and a live
 * count that matches the rows.
 */
export function finishManaged(connection: DatabaseSync, map: TableMap, logged: boolean): void {
  syncIndexes(connection, map);
  // Without the log, the versioned trigger raises versions; with it, the log's update trigger does.
  if (!logged) for (const sql of triggerSql(map)) connection.exec(sql);
  else for (const sql of triggerSql(map).filter((sql) => !sql.includes('corral_versioned'))) connection.exec(sql);
  for (const sql of logTriggerSql(map, logged)) connection.exec(sql);
  recordDefinition(connection, map);
  connection.prepare('INSERT OR IGNORE INTO corral_revisions (collection, revision) VALUES (?, 0)').run(map.collection);
  // Counted again at every start: rows written while the triggers were missing cannot leave it wrong for long.
  connection
    .prepare(`UPDATE corral_revisions SET live = (SELECT count(*) FROM ${quoted(map.table)}) WHERE collection = ?`)
    .run(map.collection);
}
