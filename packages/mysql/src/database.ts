import { CorralError } from '@corral/core';
import type mysql from 'mysql2/promise';
import type {
  Store,
  StoreCallOptions,
  StoreDatabase,
  Transaction,
  TransactionOptions,
  WebhookStore,
  WebhookStoreLimits,
} from '@corral/core';
import {
  type ChangeHold,
  changeRetention,
  type ChangeSql,
  SqlChangeLog,
  type SqlRow,
  type StatementOptions,
  type UnitStatement,
} from '@corral/sql';
import { MysqlChangeEngine, mysqlChangeSql } from './change-log.js';
import { changedRows, onlyReads, openPool, type Queryable, sessionIsolation, textOnly } from './connection.js';
import { asOutage, backoff, isConnectionLoss, lostARace, neverSent, outcomeUnknown, raceAttempts } from './outage.js';
import { orderedValues, positional } from './placeholders.js';
import { MysqlStore, type MysqlStoreOptions } from './store.js';
import { mysqlWebhooks } from './webhooks.js';

export type { Queryable } from './connection.js';

/** Settings of {@link mysqlDatabase}. */
export interface MysqlOptions {
  /** Where the server is, e.g. `mysql://root@127.0.0.1:3306/zoo` (the database must exist). */
  readonly connectionString: string;
  /** Connections at most (default 10). */
  readonly poolSize?: number;
  /**
   * Keep a change log (`database.changes`, read by feeds): on by default; `false` writes none (each
   * write then skips its log row and the position it takes).
   */
  readonly changeLog?: boolean;
  /** How long the change log keeps changes, in ms (default 24 h); older ones are pruned in steps. */
  readonly changeRetention?: number;
}

/** A unit of work of a {@link MysqlDatabase}: the connection its statements run on. */
export interface MysqlTransaction extends Transaction {
  readonly database: MysqlDatabase;
  /** The pooled connection the unit's statements run on, inside its START TRANSACTION ... COMMIT. */
  readonly connection: mysql.PoolConnection;
}

/** What a statement gave: its rows (a SELECT or RETURNING), and the rows it changed or matched. */
export interface StatementResult {
  /** Rows, by column name or as arrays. */
  readonly rows: SqlRow[];
  /** Rows an INSERT or DELETE changed, or an UPDATE matched. */
  readonly changed: number;
}

/**
 * The collections of an API in one MariaDB (or MySQL) database, a table each, through a pool.
 * Units of work run SERIALIZABLE (core's own: READ COMMITTED, locking what they check) and are run
 * again, whole, when they lose a deadlock (1213) or wait too long for a lock (1205, after which
 * MariaDB has rolled back only the statement: the unit is rolled back first).
 */
export class MysqlDatabase implements StoreDatabase {
  /** The connection pool. */
  readonly pool: mysql.Pool;
  /** Where the pool connects, for the start-up error of a server that cannot be reached. */
  readonly connectionString: string;
  /** The change log of the database (undefined with `changeLog: false`). */
  readonly changes: SqlChangeLog | undefined;
  /** The SQL by which the stores' writes append to {@link changes}. */
  readonly changeSql: ChangeSql | undefined;
  private closed = false;
  /** Connections inside a unit of work (START TRANSACTION sent, COMMIT or ROLLBACK not yet). */
  private readonly units = new WeakSet<mysql.PoolConnection>();
  /** A unit's statement held back for its next statement or its COMMIT (see {@link runLast}). */
  private readonly held = new WeakMap<Queryable, { sql: string; values: readonly unknown[] }>();

  constructor(options: MysqlOptions) {
    const retention = changeRetention(options.changeRetention);
    this.connectionString = options.connectionString;
    this.pool = openPool(options.connectionString, options.poolSize ?? 10);
    if (options.changeLog === false) {
      this.changes = undefined;
      this.changeSql = undefined;
    } else {
      this.changes = new SqlChangeLog(new MysqlChangeEngine(this), { retention });
      this.changeSql = mysqlChangeSql;
      this.changes.startPruning();
    }
  }

  /** Keeps the change log from pruning past what `hold` resolves to (see SqlChangeLog.hold); a function to let go. */
  holdChanges(hold: ChangeHold): () => void {
    return this.changes?.hold(hold) ?? (() => undefined);
  }

  /**
   * Runs one statement (prepared, once per connection; DDL as text). On the pool, a statement that
   * only reads runs again on another connection when its own was cut; a write that lost a deadlock
   * was rolled back whole and runs again; a write cut after it was sent fails as "outcome unknown".
   */
  async query(
    on: Queryable,
    text: string,
    values: readonly unknown[] = [],
    how: StatementOptions = {},
  ): Promise<StatementResult> {
    const statement = positional(text);
    const ordered = orderedValues(statement, values);
    const run = async (connection: Queryable): Promise<StatementResult> => {
      const options = { sql: statement.sql, rowsAsArray: how.arrays === true };
      const [result] = textOnly(statement.sql)
        ? await connection.query(options, ordered)
        : await connection.execute(options, ordered as never);
      if (Array.isArray(result)) return { rows: result as SqlRow[], changed: result.length };
      return { rows: [], changed: changedRows(result as mysql.ResultSetHeader) };
    };
    if (on !== this.pool) {
      await this.flush(on);
      return run(on);
    }
    const writing = how.writes ?? !onlyReads(text);
    for (let attempt = 1; ; attempt++) {
      let connection: mysql.PoolConnection | undefined;
      let sent = false;
      try {
        connection = await this.pool.getConnection();
        sent = true;
        const result = await run(connection);
        connection.release();
        if (writing) this.changes?.committed();
        return result;
      } catch (error) {
        const lost = isConnectionLoss(error);
        if (connection) lost ? connection.destroy() : connection.release();
        if (lost && writing && sent && !neverSent(error)) throw outcomeUnknown(error);
        const again = lost ? attempt < raceAttempts : lostARace(error) && attempt < raceAttempts;
        if (!again) throw asOutage(error);
        if (!lost) await backoff(attempt);
      }
    }
  }

  /**
   * Runs a statement whose count nobody reads: in a unit of work, held back until the unit's next
   * statement or its COMMIT, which on MariaDB it goes with in one round trip (see `commit` below);
   * the locks it takes (the change log's counter, a revision) are then not held while the answer
   * travels to this process and COMMIT back. Elsewhere, at once.
   */
  async runLast(on: Queryable, sql: string, values: readonly unknown[]): Promise<void> {
    if (on === this.pool || !this.units.has(on as mysql.PoolConnection)) {
      await this.query(on, sql, values, { writes: true });
      return;
    }
    await this.flush(on);
    this.held.set(on, { sql, values });
  }

  /** Sends a unit's held statement, if any, before the next. */
  private async flush(on: Queryable): Promise<void> {
    const held = this.held.get(on);
    if (!held) return;
    this.held.delete(on);
    await this.query(on, held.sql, held.values, { writes: true });
  }

  /**
   * Commits a unit, with its held statement in one round trip on MariaDB: an anonymous block that
   * stops at the statement's error without committing (the unit is then rolled back as after any
   * other). MySQL has no anonymous blocks: there, the statement and COMMIT go one after the other.
   */
  private async commit(connection: mysql.PoolConnection): Promise<void> {
    const held = this.held.get(connection);
    this.held.delete(connection);
    if (!held || !isMariaDb(connection)) {
      if (held) await this.query(connection, held.sql, held.values, { writes: true });
      await connection.query('COMMIT');
      return;
    }
    const statement = positional(held.sql);
    await connection.execute(
      `BEGIN NOT ATOMIC ${statement.sql}; COMMIT; END`,
      orderedValues(statement, held.values) as never,
    );
  }

  /** A unit of work: SERIALIZABLE unless `read-committed` is asked for; run again inside when it lost a race. */
  async transaction<R>(work: (transaction: Transaction) => Promise<R>, options?: TransactionOptions): Promise<R> {
    const level = options?.isolation === 'read-committed' ? 'READ COMMITTED' : 'SERIALIZABLE';
    return this.inTransaction(level, (connection) => work({ database: this, connection } as MysqlTransaction));
  }

  /** Runs `body` in a transaction on a pooled connection, again when it lost a race or was cut before COMMIT (see `retried` below). */
  async inTransaction<R>(level: string, body: (connection: mysql.PoolConnection) => Promise<R>): Promise<R> {
    return this.retried(async (connection, committing) => {
      // The session's own level needs no statement (see sessionIsolation).
      if (level !== sessionIsolation) await connection.query(`SET TRANSACTION ISOLATION LEVEL ${level}`);
      await connection.query('START TRANSACTION');
      this.units.add(connection);
      const result = await body(connection);
      committing();
      await this.commit(connection);
      return result;
    });
  }

  /**
   * Runs statements known before the first is sent as one unit of work (see `SqlDriver.runUnit`):
   * on MariaDB in one round trip, an anonymous block that begins the unit, runs them, checks the
   * rows each must change, and commits; a statement's error stops it before COMMIT, and the unit
   * is rolled back as any other. MySQL has no anonymous blocks: there they go one by one in a unit.
   * A single statement runs on its own (autocommit).
   */
  async runUnit(statements: readonly UnitStatement[]): Promise<SqlRow[] | undefined> {
    const [only] = statements;
    if (statements.length === 1 && only!.changes === undefined)
      return (await this.query(this.pool, only!.sql, only!.values, { writes: true, arrays: true })).rows;
    return this.retried(async (connection, committing) => {
      if (!isMariaDb(connection)) {
        await connection.query('START TRANSACTION');
        let rows: SqlRow[] = [];
        for (const statement of statements) {
          const result = await this.query(connection, statement.sql, statement.values, { writes: true, arrays: true });
          if (statement.returning) rows = result.rows;
          if (statement.changes !== undefined && result.changed !== statement.changes) throw new Error(miscounted);
        }
        committing();
        await connection.query('COMMIT');
        return rows;
      }
      const { sql, values } = unitBlock(statements);
      committing();
      const [results] = await connection.execute({ sql, rowsAsArray: true }, values as never);
      // The block's answer: a result set per statement that returned rows (one here), then its status.
      return ((results as unknown[]).find((result) => Array.isArray(result)) ?? []) as SqlRow[];
    }).catch((error: unknown) => {
      if (miscount(error)) return undefined;
      throw error;
    });
  }

  /**
   * Runs `run` on a pooled connection, again when it lost a race (rolled back whole first: a lock
   * wait timeout undoes only its statement) or its connection was cut before it called
   * `committing` (before it sent COMMIT, or a statement carrying one); what it cannot outlast
   * becomes a 503 where the database was the cause.
   */
  private async retried<R>(run: (connection: mysql.PoolConnection, committing: () => void) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      let connection: mysql.PoolConnection | undefined;
      let committing = false;
      let lost = false;
      try {
        connection = await this.pool.getConnection();
        const result = await run(connection, () => {
          committing = true;
        });
        this.changes?.committed();
        return result;
      } catch (error) {
        lost = isConnectionLoss(error);
        if (connection && !lost) await connection.query('ROLLBACK').catch(() => undefined);
        if (lost && committing && !neverSent(error)) throw outcomeUnknown(error);
        const again = lost || lostARace(error) || lostARace((error as { cause?: unknown }).cause);
        if (!again || attempt >= raceAttempts) throw asOutage(error);
      } finally {
        if (connection) {
          this.units.delete(connection);
          this.held.delete(connection);
          lost ? connection.destroy() : connection.release();
        }
      }
      await backoff(attempt);
    }
  }

  /** The connection of the caller's unit of work, refusing one of another database. */
  unitOf(options: StoreCallOptions | undefined): mysql.PoolConnection | undefined {
    const transaction = options?.transaction as MysqlTransaction | undefined;
    if (!transaction) return undefined;
    if (transaction.database !== this)
      throw new CorralError('CORRAL_FOREIGN_TRANSACTION', '@corral/mysql: the transaction belongs to another database');
    return transaction.connection;
  }

  /** Statements that must hold together: in the caller's unit, or a READ COMMITTED one of their own. */
  async atomically<R>(options: StoreCallOptions | undefined, body: (on: Queryable) => Promise<R>): Promise<R> {
    const unit = this.unitOf(options);
    return unit ? body(unit) : this.inTransaction(sessionIsolation, body);
  }

  /** Where a single statement runs: the caller's unit of work, or any pooled connection. */
  on(options: StoreCallOptions | undefined): Queryable {
    return this.unitOf(options) ?? this.pool;
  }

  /** Webhook subscriptions and their delivery state in this database; `limits` bound what is kept per subscription. */
  webhooks(limits: Partial<WebhookStoreLimits> = {}): WebhookStore {
    return mysqlWebhooks(this, limits);
  }

  /**
   * A store for one collection. Without `table` it keeps the records in a table of its own, made
   * and kept in step with the declarations; with `table` it serves a table the application owns.
   */
  // biome-ignore lint/suspicious/noExplicitAny: without seed records, the collection it is given types it
  store<T extends object = any>(options: MysqlStoreOptions<T> = {}): Store<T> {
    return new MysqlStore<T>(this, options);
  }

  /** Resolves when the server answers `SELECT 1`; `GET /ready` asks through the stores. */
  async ping(): Promise<void> {
    if (this.closed) throw new Error('@corral/mysql: the database is closed');
    await this.query(this.pool, 'SELECT 1');
  }

  /** Closes the pool once; later calls do nothing. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.changes?.stop();
    await this.pool.end();
  }
}

/** Whether a connection is to MariaDB (mysql2 notes the server's kind at the handshake). */
function isMariaDb(connection: mysql.PoolConnection): boolean {
  return (connection as unknown as { connection?: { _isMariaDB?: boolean } }).connection?._isMariaDB === true;
}

const miscounted =
  '@corral/mysql: a statement of a unit changed another number of rows than it must: nothing of the unit was kept';

/** Whether a unit failed because a statement changed another number of rows than it must (its block's SIGNAL, or the check here). */
function miscount(error: unknown): boolean {
  return (error as { message?: unknown } | undefined)?.message === miscounted;
}

/** A unit's statements as one anonymous block (MariaDB), with its values in the order its `?`s take them. */
function unitBlock(statements: readonly UnitStatement[]): { sql: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  for (const statement of statements) {
    const text = positional(statement.sql);
    parts.push(text.sql);
    values.push(...orderedValues(text, statement.values));
    if (statement.changes !== undefined)
      parts.push(
        `IF ROW_COUNT() <> ${statement.changes} THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${miscounted}'; END IF`,
      );
  }
  return { sql: `BEGIN NOT ATOMIC START TRANSACTION; ${parts.join('; ')}; COMMIT; END`, values };
}

/** Connects to MariaDB or MySQL for an API's collections (lazily: the first statement opens a connection). */
export function mysqlDatabase(options: MysqlOptions): MysqlDatabase {
  return new MysqlDatabase(options);
}
