import { CorralError } from '@corral/core';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { Store, StoreCallOptions, StoreDatabase, Transaction } from '@corral/core';
import { Gate } from './gate.js';
import { SqliteStore, type SqliteStoreOptions } from './store.js';

/** Settings of {@link sqliteDatabase}. */
export interface SqliteOptions {
  /** The database file (its folder must exist), or `:memory:` for one that lives as long as the process. */
  readonly path: string;
  /**
   * `full` (default): a write the client was told about survives a power cut. `normal`: it
   * survives a crash of the process, and commits are faster.
   */
  readonly synchronous?: 'full' | 'normal';
}

/**
 * One SQLite database file holding every collection of an API, one table each, in WAL mode. Its
 * stores share transactions: a cascade or a bulk write commits whole or not at all.
 */
export class SqliteDatabase implements StoreDatabase {
  /** The node:sqlite connection; statements run on it one at a time. */
  readonly connection: DatabaseSync;
  private readonly gate = new Gate();
  private readonly statements = new Map<string, StatementSync>();
  private closed = false;

  constructor(options: SqliteOptions) {
    this.connection = new DatabaseSync(options.path);
    this.connection.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}; PRAGMA busy_timeout = 5000;`);
    this.connection.exec('CREATE TABLE IF NOT EXISTS corral_revisions (collection TEXT PRIMARY KEY, revision INTEGER NOT NULL, live INTEGER) STRICT');
    const columns = this.connection.prepare(`SELECT name FROM pragma_table_info('corral_revisions')`).all().map((row) => row.name);
    if (!columns.includes('live')) this.connection.exec('ALTER TABLE corral_revisions ADD COLUMN live INTEGER');
  }

  /** A prepared statement, made once per SQL text. */
  statement(sql: string): StatementSync {
    let prepared = this.statements.get(sql);
    if (!prepared) this.statements.set(sql, (prepared = this.connection.prepare(sql)));
    return prepared;
  }

  async transaction<R>(work: (transaction: Transaction) => Promise<R>): Promise<R> {
    return this.inTransaction(() => work({ database: this }));
  }

  /**
   * Runs the statements of one store call: inside the caller's unit of work when it names one,
   * otherwise in a transaction of their own, once no unit is running.
   */
  async write<R>(options: StoreCallOptions | undefined, step: () => R): Promise<R> {
    if (!options?.transaction) return this.inTransaction(async () => step());
    this.check(options);
    return step();
  }

  /** BEGIN, the body, then COMMIT, or ROLLBACK when it throws; one at a time. */
  private inTransaction<R>(body: () => Promise<R>): Promise<R> {
    return this.gate.run(async () => {
      this.connection.exec('BEGIN IMMEDIATE');
      try {
        const result = await body();
        this.connection.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.connection.isTransaction) this.connection.exec('ROLLBACK');
        throw error;
      }
    });
  }

  /** Refuses a transaction of another database. */
  check(options: StoreCallOptions | undefined): void {
    if (options?.transaction && options.transaction.database !== this) throw new CorralError('CORRAL_FOREIGN_TRANSACTION', '@corral/sqlite: the transaction belongs to another database');
  }

  /** A store for one collection; the collection's `init` names its table. `seed` fills a table that has never held a record. */
  store<T extends object>(options: SqliteStoreOptions<T> = {}): Store<T> {
    return new SqliteStore<T>(this, options);
  }

  /** Throws when the file is closed or cannot be read; `GET /ready` of the API asks through the stores. */
  ping(): void {
    if (this.closed) throw new Error('@corral/sqlite: the database is closed');
    this.statement('SELECT 1').get();
  }

  /** Closes the file once every running unit has finished; later calls do nothing. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.gate.idle();
    this.connection.close();
  }
}

/** Opens (or creates) a SQLite database for an API's collections. */
export function sqliteDatabase(options: SqliteOptions): SqliteDatabase {
  return new SqliteDatabase(options);
}
