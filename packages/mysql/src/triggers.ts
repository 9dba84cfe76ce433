import { derivedName, quoted, type TableMap } from '@corral/sql';
import type { MysqlDatabase, Queryable } from './database.js';
import { literal } from './dialect.js';
import { countInRow } from './bookkeeping.js';
import { countAndNumber, logInsert } from './change-log.js';
import { rowJson } from './row-json.js';
import { ensureTriggers, type TriggerSql } from './ddl.js';
import { markRecount } from './recount.js';

/**
 * The triggers of a table the store made, for every writer (the store, or SQL from another
 * program): the revision and live count, a tombstone per deleted row, a new version for an update
 * that left it alone, and (with the log) a log row per changed row, numbered as its counter row is
 * updated (see {@link countAndNumber}). Checked at every start and replaced in place where they
 * differ (the columns the log names may have changed); before any changes, the live count is
 * noted for a recount (see recount.ts). Rows deleted in cascade are deleted by the parent's
 * trigger (see {@link cascadeTriggers}): MariaDB's own cascades fire no trigger.
 */
export async function logTriggers(
  database: MysqlDatabase,
  on: Queryable,
  map: TableMap,
  logged: boolean,
): Promise<void> {
  const version = quoted(map.version!);
  const collection = literal(map.collection);
  // With the log, the count also takes the change's position, which the log row is given.
  const bump = (live: string) => (logged ? countAndNumber(collection, live) : `${countInRow(collection, 1, live)};`);
  const log = (kind: 'created' | 'updated' | 'deleted', row: 'NEW' | 'OLD', data: string, previous: string) =>
    logged
      ? `${logInsert(collection, `${row}."id"`, kind, `${row}.${version}`, data, previous, '@corral_position')};`
      : '';
  const trigger = (suffix: string, timing: TriggerSql['timing'], event: TriggerSql['event'], statements: string) => ({
    name: derivedName(map.table, `corral_${suffix}`),
    timing,
    event,
    table: map.table,
    statement: `BEGIN ${statements} END`,
  });
  const recount = () => markRecount(database, on, map.collection);
  await ensureTriggers(
    database,
    on,
    [
      trigger(
        'inserted',
        'AFTER',
        'INSERT',
        `${bump(', live = live + 1')} ${log('created', 'NEW', rowJson(map, 'NEW'), 'NULL')}`,
      ),
      trigger(
        'versioned',
        'BEFORE',
        'UPDATE',
        `IF NEW.${version} = OLD.${version} THEN SET NEW.${version} = OLD.${version} + 1; END IF;`,
      ),
      trigger(
        'updated',
        'AFTER',
        'UPDATE',
        `${bump('')} ${log('updated', 'NEW', rowJson(map, 'NEW'), rowJson(map, 'OLD'))}`,
      ),
      trigger(
        'deleted',
        'AFTER',
        'DELETE',
        `${bump(', live = live - 1')} INSERT IGNORE INTO corral_tombstones (collection, id) VALUES (${collection}, OLD."id"); ${log('deleted', 'OLD', 'NULL', rowJson(map, 'OLD'))}`,
      ),
    ],
    [],
    recount,
  );
  await cascadeTriggers(database, on, map, recount);
}

/**
 * For each parent this table's rows are deleted with (`onDelete: 'cascade'`), a BEFORE DELETE
 * trigger on the parent's table that deletes them first, so that this table's own triggers run
 * for each (tombstones, counts, log); the foreign key then finds none left. Without it, children
 * deleted by the key itself go uncounted: a change notes this table's count for a recount too.
 */
async function cascadeTriggers(
  database: MysqlDatabase,
  on: Queryable,
  map: TableMap,
  beforeChange: () => Promise<void>,
): Promise<void> {
  const wanted: TriggerSql[] = [];
  const unwanted: string[] = [];
  for (const column of map.columns) {
    const reference = column.references;
    if (!reference) continue;
    const name = derivedName(reference.table, `corral_cascade_${map.table}_${column.column}`);
    if (reference.onDelete !== 'cascade') unwanted.push(name);
    else
      wanted.push({
        name,
        timing: 'BEFORE',
        event: 'DELETE',
        table: reference.table,
        statement: `DELETE FROM ${quoted(map.table)} WHERE ${quoted(column.column)} = OLD.${quoted(reference.column)}`,
      });
  }
  await ensureTriggers(database, on, wanted, unwanted, beforeChange);
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
  const id = quoted(map.id.column);
  const collection = literal(map.collection);
  const name = (suffix: string) => derivedName(map.table, `corral_log_${suffix}`);
  const version = (row: string) => (map.version ? `${row}.${quoted(map.version)}` : 'NULL');
  const trigger = (suffix: string, event: TriggerSql['event'], statement: string): TriggerSql => ({
    name: name(suffix),
    timing: 'AFTER',
    event,
    table: map.table,
    statement,
  });
  const all = [
    trigger(
      'inserted',
      'INSERT',
      logInsert(collection, `NEW.${id}`, 'created', version('NEW'), rowJson(map, 'NEW'), 'NULL'),
    ),
    trigger(
      'updated',
      'UPDATE',
      logInsert(collection, `NEW.${id}`, 'updated', version('NEW'), rowJson(map, 'NEW'), rowJson(map, 'OLD')),
    ),
    trigger(
      'deleted',
      'DELETE',
      logInsert(collection, `OLD.${id}`, 'deleted', version('OLD'), 'NULL', rowJson(map, 'OLD')),
    ),
  ];
  if (logged) await ensureTriggers(database, on, all);
  else
    await ensureTriggers(
      database,
      on,
      [],
      all.map((one) => one.name),
    );
}
