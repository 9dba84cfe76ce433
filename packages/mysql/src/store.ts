import { CorralError, type StoreInit } from '@corral/core';
import { quoted, SqlStore, type OwnedColumn, type SqlStoreOptions, type TableMap, type Where } from '@corral/sql';
import { bookkeepingTables } from './bookkeeping.js';
import { prepareChangeLog } from './change-log.js';
import type { MysqlDatabase, Queryable } from './database.js';
import { mysqlDialect } from './dialect.js';
import { mysqlDriver } from './driver.js';
import { layoutVersion, prepareManagedTable } from './managed-table.js';
import { unreachableError } from './outage.js';
import { checksOf, columnsOf, indexesOf, tableExists } from './table-info.js';
import { ownedLogTriggers } from './triggers.js';

/** Settings of one store of a {@link MysqlDatabase}. */
export type MysqlStoreOptions<T> = SqlStoreOptions<T>;

/**
 * One collection's records in one MariaDB table (see {@link SqlStore}). In a table the application
 * owns without a version column, a row's version is a digest of its values. What is MariaDB's own:
 * tables made one process at a time under a named lock (DDL commits by itself there), row
 * triggers that keep the books, and EXPLAIN's estimates.
 */
export class MysqlStore<T extends object> extends SqlStore<T, Queryable> {
  declare readonly database: MysqlDatabase;
  /** The columns of each unique index by name: MariaDB names only the index of a taken value. */
  private readonly uniqueKeys: Map<string, readonly string[]>;

  constructor(database: MysqlDatabase, options: MysqlStoreOptions<T>) {
    const uniqueKeys = new Map<string, readonly string[]>();
    super(database, mysqlDriver(database), mysqlDialect(uniqueKeys), options);
    this.uniqueKeys = uniqueKeys;
  }

  /** Opens the table; a server that cannot be reached fails start-up saying where and why, not as a 503. */
  override async init(init: StoreInit): Promise<void> {
    try {
      await super.init(init);
    } catch (error) {
      throw unreachableError(error, this.database.connectionString) ?? error;
    }
  }

  /**
   * Init's statements on one connection, under a lock named after the database so that processes
   * starting at once take turns. MariaDB commits each DDL statement by itself: they run one by one.
   */
  async setUp(_managed: boolean, body: (on: Queryable) => Promise<void>): Promise<void> {
    const { database } = this;
    const connection = await database.pool.getConnection();
    let locked = false;
    try {
      await connection.query(`SELECT GET_LOCK(CONCAT('corral:', DATABASE()), 120) AS got`);
      locked = true;
      for (const sql of bookkeepingTables) await database.query(connection, sql);
      await prepareChangeLog(database, connection);
      await body(connection);
    } finally {
      if (locked) await connection.query(`SELECT RELEASE_LOCK(CONCAT('corral:', DATABASE()))`).catch(() => undefined);
      connection.release();
    }
  }

  async prepareManaged(on: Queryable, declared: TableMap): Promise<boolean> {
    const stored = (
      await this.database.query(on, 'SELECT layout FROM corral_tables WHERE collection = ?1', [declared.collection])
    ).rows[0] as { layout: number } | undefined;
    if (stored && Number(stored.layout) > layoutVersion)
      throw new CorralError(
        'CORRAL_TABLE_LAYOUT_MISMATCH',
        `@corral/mysql: the table of ${declared.collection} has layout ${stored.layout}, newer than this version of the package reads (${layoutVersion})`,
      );
    await prepareManagedTable(this.database, on, declared, this.database.changes !== undefined);
    // Foreign keys are checked by InnoDB as rows change.
    return false;
  }

  /** A table the application owns gets the log's triggers when its store asks (`changeTriggers`), and loses them when not. */
  override async finishSetUp(on: Queryable, declared: TableMap): Promise<void> {
    if (!declared.managed) await ownedLogTriggers(this.database, on, this.map, this.changeTriggers);
  }

  async describeTable(on: Queryable, declared: TableMap): Promise<OwnedColumn[] | undefined> {
    if (!(await tableExists(this.database, on, declared.table))) return undefined;
    return columnsOf(this.database, on, declared.table);
  }

  /** Unique indexes over whole columns (a prefix index keeps only the prefix unique). */
  override async uniqueIndexesOf(on: Queryable, declared: TableMap): Promise<string[][]> {
    const indexes = await indexesOf(this.database, on, declared.table);
    return [...indexes.values()].filter((index) => index.unique && !index.partial).map((index) => index.columns);
  }

  override async describeChecks(on: Queryable, map: TableMap): Promise<Map<string, string[]>> {
    this.uniqueKeys.clear();
    for (const [name, index] of await indexesOf(this.database, on, map.table))
      if (index.unique) this.uniqueKeys.set(name, index.columns);
    const columns = (await columnsOf(this.database, on, map.table)).map((column) => column.name);
    return checksOf(this.database, on, map.table, columns);
  }

  async mayTakeSeed(declared: TableMap): Promise<boolean> {
    if ((this.options.seed ?? []).length === 0) return false;
    const { database } = this;
    const any = async (sql: string, values: unknown[] = []) => {
      try {
        return (await database.query(database.pool, sql, values)).rows.length > 0;
      } catch (error) {
        if ((error as { errno?: number }).errno === 1146) return false; // no such table yet
        throw error;
      }
    };
    // A collection the store set up before took its seed then, or never will.
    if (await any('SELECT 1 FROM corral_tables WHERE collection = ?1', [declared.collection])) return false;
    if (await any(`SELECT 1 FROM ${quoted(declared.table)} LIMIT 1`)) return false;
    return !(await any('SELECT 1 FROM corral_tombstones WHERE collection = ?1 LIMIT 1', [declared.collection]));
  }

  /** EXPLAIN's estimate of the rows the first table's access reads. */
  async estimate(on: Queryable, where: Where): Promise<number | undefined> {
    const { rows } = await this.database.query(
      on,
      `EXPLAIN SELECT 1 FROM ${this.shape.table} WHERE ${where.sql}`,
      where.parameters,
    );
    const first = rows[0] as { rows?: unknown } | undefined;
    return first?.rows === undefined || first.rows === null ? undefined : Number(first.rows);
  }
}
