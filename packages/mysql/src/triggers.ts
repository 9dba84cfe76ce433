import { derivedName, quoted, type TableMap } from '@corral/sql';
import type { MysqlDatabase, Queryable } from './database.js';
import { literal } from './dialect.js';
import { counterShard } from './bookkeeping.js';
import { countAndNumber, logInsert } from './change-log.js';
import { rowJson } from './row-json.js';

/**
 * The triggers of a table the store made, for every writer (the store, or SQL from another
 * program): the revision and live count, a tombstone per deleted row, a new version for an update
 * that left it alone, and (with the log) a log row per changed row, numbered as its counter row is
 * updated (see {@link countAndNumber}). Made
 * again at every start (the columns the log names may have changed). Rows deleted in cascade are
 * deleted by the parent's trigger (see {@link cascadeTriggers}): MariaDB's own cascades fire no trigger.
 */
export async function logTriggers(
  database: MysqlDatabase,
  on: Queryable,
  map: TableMap,
  logged: boolean,
): Promise<void> {
  const table = quoted(map.table);
  const version = quoted(map.version!);
  const collection = literal(map.collection);
  const name = (suffix: string) => quoted(derivedName(map.table, `corral_${suffix}`));
  // With the log, the count also takes the change's position, which the log row is given.
  const bump = (live: string) =>
    logged
      ? countAndNumber(collection, live)
      : `UPDATE corral_counts SET revision = revision + 1${live} WHERE collection = ${collection} AND shard = ${counterShard};`;
  const log = (kind: 'created' | 'updated' | 'deleted', row: 'NEW' | 'OLD', data: string, previous: string) =>
    logged
      ? `${logInsert(collection, `${row}."id"`, kind, `${row}.${version}`, data, previous, '@corral_position')};`
      : '';
  for (const suffix of ['inserted', 'versioned', 'updated', 'deleted'])
    await database.query(on, `DROP TRIGGER IF EXISTS ${name(suffix)}`);
  const body = (statements: string) => `FOR EACH ROW BEGIN ${statements} END`;
  for (const sql of [
    `CREATE TRIGGER ${name('inserted')} AFTER INSERT ON ${table} ${body(`${bump(', live = live + 1')} ${log('created', 'NEW', rowJson(map, 'NEW'), 'NULL')}`)}`,
    `CREATE TRIGGER ${name('versioned')} BEFORE UPDATE ON ${table} ${body(`IF NEW.${version} = OLD.${version} THEN SET NEW.${version} = OLD.${version} + 1; END IF;`)}`,
    `CREATE TRIGGER ${name('updated')} AFTER UPDATE ON ${table} ${body(`${bump('')} ${log('updated', 'NEW', rowJson(map, 'NEW'), rowJson(map, 'OLD'))}`)}`,
    `CREATE TRIGGER ${name('deleted')} AFTER DELETE ON ${table} ${body(`${bump(', live = live - 1')} INSERT IGNORE INTO corral_tombstones (collection, id) VALUES (${collection}, OLD."id"); ${log('deleted', 'OLD', 'NULL', rowJson(map, 'OLD'))}`)}`,
  ])
    await database.query(on, sql);
  await cascadeTriggers(database, on, map);
}

/**
 * For each parent this table's rows are deleted with (`onDelete: 'cascade'`), a BEFORE DELETE
 * trigger on the parent's table that deletes them first, so that this table's own triggers run
 * for each (tombstones, counts, log); the foreign key then finds none left.
 */
async function cascadeTriggers(database: MysqlDatabase, on: Queryable, map: TableMap): Promise<void> {
  for (const column of map.columns) {
    const reference = column.references;
    if (!reference) continue;
    const name = quoted(derivedName(reference.table, `corral_cascade_${map.table}_${column.column}`));
    await database.query(on, `DROP TRIGGER IF EXISTS ${name}`);
    if (reference.onDelete !== 'cascade') continue;
    await database.query(
      on,
      `CREATE TRIGGER ${name} BEFORE DELETE ON ${quoted(reference.table)} FOR EACH ROW DELETE FROM ${quoted(map.table)} WHERE ${quoted(column.column)} = OLD.${quoted(reference.column)}`,
    );
  }
}

/**
 * The triggers that log every write to a table the application owns, when its store asks
 * (`changeTriggers`); with `logged` false, only those removed. The version is the table's
 * version column, or NULL (a digest of the row, worked out when the change is read).
 */
export async function ownedLogTriggers(
  database: MysqlDatabase,
  on: Queryable,
  map: TableMap,
  logged: boolean,
): Promise<void> {
  const table = quoted(map.table);
  const id = quoted(map.id.column);
  const collection = literal(map.collection);
  const name = (suffix: string) => quoted(derivedName(map.table, `corral_log_${suffix}`));
  const version = (row: string) => (map.version ? `${row}.${quoted(map.version)}` : 'NULL');
  for (const suffix of ['inserted', 'updated', 'deleted'])
    await database.query(on, `DROP TRIGGER IF EXISTS ${name(suffix)}`);
  if (!logged) return;
  for (const sql of [
    `CREATE TRIGGER ${name('inserted')} AFTER INSERT ON ${table} FOR EACH ROW ${logInsert(collection, `NEW.${id}`, 'created', version('NEW'), rowJson(map, 'NEW'), 'NULL')}`,
    `CREATE TRIGGER ${name('updated')} AFTER UPDATE ON ${table} FOR EACH ROW ${logInsert(collection, `NEW.${id}`, 'updated', version('NEW'), rowJson(map, 'NEW'), rowJson(map, 'OLD'))}`,
    `CREATE TRIGGER ${name('deleted')} AFTER DELETE ON ${table} FOR EACH ROW ${logInsert(collection, `OLD.${id}`, 'deleted', version('OLD'), 'NULL', rowJson(map, 'OLD'))}`,
  ])
    await database.query(on, sql);
}
