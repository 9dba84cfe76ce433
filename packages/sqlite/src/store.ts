import type { StoredRecord } from '@corral/core';
import {
  legacyRefused,
  quoted,
  SqlStore,
  type OwnedColumn,
  type PageMemo,
  type SqlStoreOptions,
  type TableMap,
  type Where,
} from '@corral/sql';
import type { SqliteDatabase } from './database.js';
import { sqliteDialect } from './dialect.js';
import { sqliteDriver, type SqliteConnection } from './driver.js';
import { statisticsEstimate } from './estimate.js';
import { legacyProblems, legacyTableOf, moveLegacy } from './legacy-layout.js';
import { ownedLogTriggerSql } from './change-log.js';
import { checkForeignKeys, createOrExtend, finishManaged, rebuild } from './managed-table.js';
import { PageCache } from './page-cache.js';
import { plannedWork } from './table-changes.js';
import { checksOf } from './table-checks.js';
import { columnsOf, tableExists, uniqueIndexesOf } from './table-info.js';

/** Settings of one store of a {@link SqliteDatabase}. */
export type SqliteStoreOptions<T> = SqlStoreOptions<T>;

/**
 * One collection's records in one SQLite table (see {@link SqlStore}). In a table the application
 * owns without a version column, a row's version is a digest of its values. What is SQLite's own:
 * tables rebuilt with foreign keys off, ids never handed out twice, ANALYZE's estimates, and a cache
 * of committed pages.
 */
export class SqliteStore<T extends object> extends SqlStore<T, SqliteConnection> {
  declare readonly database: SqliteDatabase;
  private pages: PageMemo<T> | undefined;
  private readonly writer: SqliteConnection;

  constructor(database: SqliteDatabase, options: SqliteStoreOptions<T>) {
    const driver = sqliteDriver(database);
    super(database, driver, sqliteDialect, options);
    this.writer = driver.writer;
  }

  /** Everything in one transaction; a table of its own with foreign keys off, as a rebuild needs. */
  setUp(managed: boolean, body: (on: SqliteConnection) => Promise<void>): Promise<void> {
    const on = this.writer;
    return managed ? this.database.rebuilding(() => body(on)) : this.database.write(undefined, () => body(on));
  }

  async prepareManaged(_on: SqliteConnection, declared: TableMap): Promise<boolean> {
    const { connection } = this.database;
    const legacy = legacyTableOf(connection, declared);
    let touched: boolean;
    if (legacy !== undefined) {
      const problems = await legacyProblems(connection, declared, legacy);
      if (problems.length > 0) throw legacyRefused(declared, problems);
      moveLegacy(connection, declared, legacy);
      touched = true;
    } else {
      const work = await plannedWork(connection, declared);
      if (work.kind === 'rebuild') rebuild(connection, declared);
      else createOrExtend(connection, declared, work);
      touched = work.kind === 'rebuild' || (work.kind === 'add' && work.columns.length > 0);
    }
    finishManaged(connection, declared, this.database.changes !== undefined);
    return touched;
  }

  /** What a rebuild or seed records may have broken is checked before the unit commits. */
  override finishSetUp(_on: SqliteConnection, declared: TableMap, changed: boolean): void {
    if (declared.managed && changed) checkForeignKeys(this.database.connection, declared);
    // A table the application owns gets the log's triggers when its store asks (`changeTriggers`).
    if (!declared.managed)
      for (const sql of ownedLogTriggerSql(this.map, this.changeTriggers)) this.database.connection.exec(sql);
  }

  async describeTable(_on: SqliteConnection, declared: TableMap): Promise<OwnedColumn[] | undefined> {
    const { connection } = this.database;
    return tableExists(connection, declared.table) ? columnsOf(connection, declared.table) : undefined;
  }

  override uniqueIndexesOf(_on: SqliteConnection, declared: TableMap): string[][] {
    return uniqueIndexesOf(this.database.connection, declared.table);
  }

  override describeChecks(_on: SqliteConnection, map: TableMap): Map<string, string[]> {
    const { connection } = this.database;
    return checksOf(
      connection,
      map.table,
      columnsOf(connection, map.table).map((column) => column.name),
    );
  }

  async mayTakeSeed(declared: TableMap): Promise<boolean> {
    if ((this.options.seed ?? []).length === 0) return false;
    const { connection } = this.database;
    // A table of the earlier layout is moved in instead.
    if (declared.managed && legacyTableOf(connection, declared) !== undefined) return false;
    const exists = connection
      .prepare(`SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?) AS any`)
      .get(declared.table)!.any;
    const rows = exists
      ? connection.prepare(`SELECT EXISTS (SELECT 1 FROM ${quoted(declared.table)}) AS any`).get()!.any
      : 0;
    const tombstones = connection
      .prepare('SELECT EXISTS (SELECT 1 FROM corral_tombstones WHERE collection = ?) AS any')
      .get(declared.collection)!.any;
    return !rows && !tombstones;
  }

  estimate(_on: SqliteConnection, where: Where): number | undefined {
    return statisticsEstimate(this.database, this.map, where);
  }

  /**
   * The id of a new row of a table the application owns. A plain INTEGER PRIMARY KEY reuses the
   * highest id once its row is deleted, and tombstones must never come back.
   */
  override newId(): unknown {
    const { map } = this;
    if (map.managed) return undefined;
    if (map.id.storage !== 'integer') return crypto.randomUUID();
    // The sequence table exists once any table of the file uses AUTOINCREMENT.
    const sequenced =
      this.database.statement(`SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_sequence'`).get() !== undefined;
    const row = this.database
      .statement(`SELECT max(coalesce((SELECT max(${quoted(map.id.column)}) FROM ${quoted(map.table)}), 0),
      coalesce((SELECT max(id) FROM corral_tombstones WHERE collection = ?1 AND typeof(id) = 'integer'), 0),
      ${sequenced ? 'coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?2), 0)' : '?2 IS NULL'}) + 1 AS next`)
      .get(map.collection, map.table)!;
    return Number(row.next);
  }

  /** Committed pages of a table whose triggers count every write, in this process or another. */
  override pageMemo(on: SqliteConnection): PageMemo<T> | undefined {
    if (!on.committedOnly || !this.map.managed || this.database.pages.off) return undefined;
    return (this.pages ??= pageMemo<T>(new PageCache<T>(this.database.pages)));
  }
}

/** The page cache as the engine asks it; records handed out more than once are frozen, as the memory store's are. */
function pageMemo<T>(cache: PageCache<T>): PageMemo<T> {
  return {
    get: (revision, sql, values) => {
      const key = PageCache.keyOf(sql, values);
      return key === undefined ? undefined : cache.get(revision, key);
    },
    set: (revision, sql, values, records: StoredRecord<T>[]) => {
      const key = PageCache.keyOf(sql, values);
      // The engine copies the array it is handed back: the one kept is never changed.
      if (key !== undefined) cache.set(revision, key, records);
      return records;
    },
  };
}
