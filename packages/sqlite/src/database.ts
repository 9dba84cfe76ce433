import { CorralError } from '@corral/core';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type {
  Store,
  StoreCallOptions,
  StoreDatabase,
  Transaction,
  WebhookStore,
  WebhookStoreLimits,
} from '@corral/core';
import {
  type BoundedCache,
  type CacheBounds,
  cacheBounds,
  type ChangeHold,
  changeRetention,
  type ChangeSql,
  SqlChangeLog,
} from '@corral/sql';
import { changeLogTables, SqliteChangeEngine, seedPositions, sqliteChangeSql } from './change-log.js';
import { foldFunction, foldValue } from './dialect.js';
import { CommitGroups } from './commit-groups.js';
import { Gate } from './gate.js';
import { openDatabaseFile } from './open-file.js';
import { type KeptPage, pageCacheDefaults, sharedPages } from './page-cache.js';
import { StatementCache, statementCacheDefaults } from './statement-cache.js';
import { SqliteStore, type SqliteStoreOptions } from './store.js';
import { sqliteWebhooks } from './webhooks.js';

/** Settings of {@link sqliteDatabase}. */
export interface SqliteOptions {
  /** The database file (its folder must exist), or `:memory:` for one that lives as long as the process. */
  readonly path: string;
  /**
   * `full` (default): a write the client was told about survives a power cut. `normal`: it
   * survives a crash of the process, and commits are faster.
   */
  readonly synchronous?: 'full' | 'normal';
  /**
   * Bounds of the cache of list pages read outside units of work, shared by every collection of
   * the database: 2,000 pages and 16 MiB by default (an estimate that counts each page's key, so
   * empty pages count too). `{ maxEntries: 0 }` switches it off.
   */
  readonly pageCache?: CacheBounds;
  /**
   * Bounds of the prepared statements kept by SQL text, for each of the two connections and each
   * row shape: 500 statements and 8 MiB by default. `{ maxEntries: 0 }` prepares every time.
   */
  readonly statementCache?: CacheBounds;
  /**
   * Keep a change log (`database.changes`, read by feeds): on by default; `false` writes none
   * (to compare write speed with and without it).
   */
  readonly changeLog?: boolean;
  /** How long the change log keeps changes, in ms (default 24 h); older ones are pruned in steps. */
  readonly changeRetention?: number;
}

/**
 * The store's own bookkeeping, beside the collections' tables: the revision and live count of each
 * collection, the ids of deleted records (410, never handed out again), and what each table of
 * its own was made with.
 */
const bookkeeping = `
  CREATE TABLE IF NOT EXISTS corral_revisions (collection TEXT PRIMARY KEY, revision INTEGER NOT NULL, live INTEGER) STRICT;
  CREATE TABLE IF NOT EXISTS corral_tombstones (collection TEXT NOT NULL, id ANY NOT NULL, PRIMARY KEY (collection, id)) STRICT, WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS corral_tables (collection TEXT PRIMARY KEY, layout INTEGER NOT NULL, table_name TEXT NOT NULL UNIQUE, definition TEXT NOT NULL) STRICT;`;

/**
 * One SQLite database file holding every collection of an API, a table each, in WAL mode, with
 * foreign keys enforced. Its stores share transactions: a cascade or a bulk write commits whole or
 * not at all.
 */
export class SqliteDatabase implements StoreDatabase {
  /** The node:sqlite connection every write (and every read of a unit of work) runs on, one statement at a time. */
  readonly connection: DatabaseSync;
  /**
   * A second, read-only connection for reads outside units of work: in WAL mode it sees only what
   * was committed, never a unit's writes before it ends (nor those it rolls back). A `:memory:`
   * database has only the one connection.
   */
  readonly reader: DatabaseSync;
  /** The list pages of its collections' tables, in one budget (see {@link SqliteOptions.pageCache}). */
  readonly pages: BoundedCache<KeptPage>;
  /** The change log of the file (undefined with `changeLog: false`). */
  readonly changes: SqlChangeLog | undefined;
  /** The statement by which writes to tables the application owns append to {@link changes}. */
  readonly changeSql: ChangeSql | undefined;
  private readonly gate = new Gate();
  private readonly groups: CommitGroups;
  private readonly statements: StatementCache;
  private readonly readStatements: StatementCache;
  private closed = false;

  constructor(options: SqliteOptions) {
    // Checked before the file is opened: a refusal leaves nothing open behind it.
    const pageBounds = cacheBounds('pageCache', options.pageCache, pageCacheDefaults);
    const statementBounds = cacheBounds('statementCache', options.statementCache, statementCacheDefaults);
    const retention = changeRetention(options.changeRetention);
    this.pages = sharedPages(pageBounds);
    this.connection = openDatabaseFile(options.path);
    // node's SQLite turns recursive triggers on; the tables' triggers expect SQLite's usual default.
    this.connection.exec(
      `PRAGMA journal_mode = WAL; PRAGMA synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA recursive_triggers = OFF;`,
    );
    this.connection.function(foldFunction, { deterministic: true }, foldValue);
    this.connection.exec(bookkeeping);
    const columns = this.connection
      .prepare(`SELECT name FROM pragma_table_info('corral_revisions')`)
      .all()
      .map((row) => row.name);
    if (!columns.includes('live')) this.connection.exec('ALTER TABLE corral_revisions ADD COLUMN live INTEGER');
    const inMemory = options.path === ':memory:' || options.path === '';
    this.reader = inMemory ? this.connection : new DatabaseSync(options.path, { readOnly: true });
    if (!inMemory) {
      this.reader.exec('PRAGMA busy_timeout = 5000');
      this.reader.function(foldFunction, { deterministic: true }, foldValue);
    }
    this.groups = new CommitGroups(
      this.connection,
      (body) => this.gate.run(body),
      () => this.changes?.committed(),
    );
    this.statements = new StatementCache(this.connection, statementBounds);
    this.readStatements = new StatementCache(this.reader, statementBounds);
    this.connection.exec(changeLogTables);
    seedPositions(this.connection);
    if (options.changeLog === false) {
      this.changes = undefined;
      this.changeSql = undefined;
    } else {
      const engine = new SqliteChangeEngine(this.connection, this.reader, (step) =>
        this.inTransaction(async () => step()),
      );
      this.changes = new SqlChangeLog(engine, { retention });
      this.changeSql = sqliteChangeSql;
      this.changes.startPruning();
    }
  }

  /**
   * Keeps the change log from pruning changes after the position `hold` resolves to (the oldest a
   * webhook subscription still has to deliver, say; undefined: nothing to keep). Returns the
   * function that lets go. Does nothing without a log.
   */
  holdChanges(hold: ChangeHold): () => void {
    return this.changes?.hold(hold) ?? (() => undefined);
  }

  /**
   * A prepared statement of the writing connection, made once per SQL text while it is kept (see
   * {@link SqliteOptions.statementCache}). With `asArrays`, its rows come as arrays in SELECT-list
   * order where Node can (22.16 and later: about a third of the cost of a row object); callers read
   * both shapes.
   */
  statement(sql: string, asArrays = false): StatementSync {
    return this.statements.prepared(sql, asArrays);
  }

  /** A prepared statement of the reading connection, made once per SQL text (see {@link statement}). */
  readStatement(sql: string, asArrays = false): StatementSync {
    if (this.reader === this.connection) return this.statement(sql, asArrays);
    return this.readStatements.prepared(sql, asArrays);
  }

  /** Forgets prepared statements, whose tables a schema change may have replaced. */
  forgetStatements(): void {
    this.statements.clear();
    this.readStatements.clear();
  }

  async transaction<R>(work: (transaction: Transaction) => Promise<R>): Promise<R> {
    return this.inTransaction(() => work({ database: this }));
  }

  /**
   * Runs the statements of one store call: inside the caller's unit of work when it names one,
   * otherwise in a transaction it shares with the calls of the same turn (see commit-groups.ts),
   * once no unit is running.
   */
  async write<R>(options: StoreCallOptions | undefined, step: () => R | Promise<R>): Promise<R> {
    if (!options?.transaction) return this.groups.run(step);
    this.check(options);
    return step();
  }

  /**
   * Runs `step` alone, with foreign keys off (SQLite ignores that switch inside a transaction, and
   * rebuilding a table needs it off), in one transaction: how the stores make and change their
   * tables at start-up. The step checks the foreign keys it may have broken before it returns.
   */
  async rebuilding<R>(step: () => Promise<R>): Promise<R> {
    return this.gate.run(async () => {
      this.connection.exec('PRAGMA foreign_keys = OFF');
      try {
        return await this.begun(step);
      } finally {
        this.forgetStatements();
        this.connection.exec('PRAGMA foreign_keys = ON');
      }
    });
  }

  /** BEGIN, the body, then COMMIT, or ROLLBACK when it throws; one at a time. */
  private inTransaction<R>(body: () => Promise<R>): Promise<R> {
    return this.gate.run(() => this.begun(body));
  }

  /** BEGIN IMMEDIATE (the write lock at once), the body, then COMMIT, or ROLLBACK when it throws. */
  private async begun<R>(body: () => Promise<R>): Promise<R> {
    this.connection.exec('BEGIN IMMEDIATE');
    try {
      const result = await body();
      this.connection.exec('COMMIT');
      this.changes?.committed();
      return result;
    } catch (error) {
      if (this.connection.isTransaction) this.connection.exec('ROLLBACK');
      throw error;
    }
  }

  /** Refuses a transaction of another database. */
  check(options: StoreCallOptions | undefined): void {
    if (options?.transaction && options.transaction.database !== this)
      throw new CorralError(
        'CORRAL_FOREIGN_TRANSACTION',
        '@corral/sqlite: the transaction belongs to another database',
      );
  }

  /**
   * Webhook subscriptions and their delivery state in this database (see `sqliteWebhooks`);
   * `limits` bound the attempts and dead letters kept per subscription.
   */
  webhooks(limits: Partial<WebhookStoreLimits> = {}): WebhookStore {
    return sqliteWebhooks(this, limits);
  }

  /**
   * A store for one collection. Without `table` it keeps the records in a table of its own, made
   * and kept in step with the declarations; with `table` it serves a table the application owns.
   */
  // biome-ignore lint/suspicious/noExplicitAny: without seed records, the collection it is given types it
  store<T extends object = any>(options: SqliteStoreOptions<T> = {}): Store<T> {
    return new SqliteStore<T>(this, options);
  }

  /** Throws when the file is closed or cannot be read; `GET /ready` of the API asks through the stores. */
  ping(): void {
    if (this.closed) throw new Error('@corral/sqlite: the database is closed');
    this.readStatement('SELECT 1').get();
  }

  /** Closes the file once every running unit has finished; later calls do nothing. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.changes?.stop();
    await this.groups.idle();
    await this.gate.idle();
    if (this.reader !== this.connection) this.reader.close();
    this.connection.close();
  }
}

/** Opens (or creates) a SQLite database for an API's collections. */
export function sqliteDatabase(options: SqliteOptions): SqliteDatabase {
  return new SqliteDatabase(options);
}
