import { CorralError } from '@corral/core';
import pg from 'pg';
import type {
  Store,
  StoreCallOptions,
  StoreDatabase,
  Transaction,
  WebhookStore,
  WebhookStoreLimits,
  TransactionOptions,
} from '@corral/core';
import {
  type CacheBounds,
  cacheBounds,
  type ChangeHold,
  changeRetention,
  type ChangeSql,
  quoted,
  SqlChangeLog,
  type StatementOptions,
} from '@corral/sql';
import { PostgresChangeEngine } from './change-log.js';
import { postgresChangeSql } from './change-log-sql.js';
import { guardConnections, wasCut } from './connection-guard.js';
import { shardAssigner } from './shard-hint.js';
import { asOutage, isConnectionLoss, outcomeUnknown, wasNotSent } from './outage.js';
import { cutBudget, onPooledConnection, pooledConnection } from './pooled.js';
import { backoff, lostARace, raceAttempts } from './retry.js';
import { PreparedNames, preparedStatementDefaults } from './prepared-names.js';
import { onlyReads } from './statement-kind.js';
import { PostgresStore, type PostgresStoreOptions } from './store.js';
import { postgresWebhooks } from './webhooks.js';

/** Settings of {@link postgresDatabase}. */
export interface PostgresOptions {
  /** Where the server is, e.g. `postgres://user@127.0.0.1:5432/zoo`. */
  readonly connectionString: string;
  /** The schema holding the tables; made when missing (default `public`). */
  readonly schema?: string;
  /** Connections at most (default 10). */
  readonly poolSize?: number;
  /**
   * The `application_name` of its connections (default `corral`), by which operators find them in
   * `pg_stat_activity`; an `application_name` in the connection string wins.
   */
  readonly applicationName?: string;
  /**
   * Bounds of the statement texts prepared by name: 1,000 texts and 4 MiB of text by default. Past
   * them, further texts run unnamed (planned each time) rather than being prepared on every pooled
   * connection; `{ maxEntries: 0 }` prepares none.
   */
  readonly preparedStatements?: CacheBounds;
  /**
   * Keep a change log (`database.changes`, read by feeds): on by default; `false` writes none
   * (to compare write speed with and without it).
   */
  readonly changeLog?: boolean;
  /** How long the change log keeps changes, in ms (default 24 h); older ones are pruned in steps. */
  readonly changeRetention?: number;
}

/** Something statements run on: the pool, or the connection of a transaction. */
export type Queryable = pg.Pool | pg.PoolClient;

/** A unit of work of a {@link PostgresDatabase}: the connection its statements run on. */
export interface PostgresTransaction extends Transaction {
  readonly database: PostgresDatabase;
  /** The pooled connection the unit's statements run on, inside its BEGIN ... COMMIT. */
  readonly client: pg.PoolClient;
}

/**
 * The collections of an API in one PostgreSQL database (a table each, in one schema), through a
 * pool. Units of work run SERIALIZABLE (core's own: READ COMMITTED, locking what they check) and
 * are run again, after a short random wait, when they lose a race with another (another request,
 * or another process of the API): a check and the write it allows hold together.
 */
export class PostgresDatabase implements StoreDatabase {
  /** The connection pool. */
  readonly pool: pg.Pool;
  /** The quoted schema name, for SQL text. */
  readonly schema: string;
  /** Where the pool connects, for the start-up error of a server that cannot be reached. */
  readonly connectionString: string;
  /** The change log of the schema (undefined with `changeLog: false`). */
  readonly changes: SqlChangeLog | undefined;
  /** The SQL by which the stores' writes append to {@link changes}. */
  readonly changeSql: ChangeSql | undefined;
  private readonly names: PreparedNames;
  private closed = false;

  constructor(options: PostgresOptions) {
    const retention = changeRetention(options.changeRetention);
    this.names = new PreparedNames(
      cacheBounds('preparedStatements', options.preparedStatements, preparedStatementDefaults),
    );
    this.schema = quoted(options.schema ?? 'public', 'a schema');
    this.connectionString = options.connectionString;
    // A database that cannot be reached (rather than refusing) must fail a request, not hold it forever.
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      application_name: options.applicationName ?? 'corral',
      onConnect: shardAssigner(),
    });
    guardConnections(this.pool);
    if (options.changeLog === false) {
      this.changes = undefined;
      this.changeSql = undefined;
    } else {
      this.changes = new SqlChangeLog(new PostgresChangeEngine(this), { retention });
      this.changeSql = postgresChangeSql(this.schema);
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
   * Runs a statement prepared by name (once per connection), so the server plans it once; with
   * `planEachTime`, unnamed, so that it is planned for its values every time (a search: a plan made
   * for any pattern scans the table for a rare one). `how` is that flag alone, or the engine's
   * options (rows as arrays; whether the statement writes).
   *
   * On the pool, a statement whose connection is cut runs again on another when it only reads;
   * `writes` (by default: unless `onlyReads` says it only reads) makes a cut after sending
   * it fail as "outcome unknown" instead. Inside a unit of work, the unit decides (see transaction()).
   */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    on: Queryable,
    text: string,
    values: unknown[] = [],
    how: StatementOptions | boolean = false,
  ): Promise<pg.QueryResult<R>> {
    const { planEachTime = false, arrays = false, writes } = typeof how === 'boolean' ? { planEachTime: how } : how;
    const { name, reads } = this.names.of(text, planEachTime);
    const statement: pg.QueryConfig = name === undefined ? { text, values } : { name, text, values };
    // Rows as arrays where the engine reads them by position.
    if (arrays) (statement as { rowMode?: string }).rowMode = 'array';
    const writing = writes ?? !(reads ?? onlyReads(text));
    const run = (client: Queryable) => client.query<R>(statement);
    for (let attempt = 1; ; attempt++) {
      try {
        if (on !== this.pool) return await run(on);
        const result = await onPooledConnection(this.pool, writing, run);
        // A write on its own committed with it: wake the change log's watchers.
        if (writing) this.changes?.committed();
        return result;
      } catch (error) {
        // A statement on its own that lost a deadlock was rolled back whole: it may simply run again.
        // Inside a transaction the whole unit is run again instead (see transaction()), which judges the error.
        if (on !== this.pool) throw error;
        if (attempt >= raceAttempts || !lostARace(error)) throw asOutage(error);
      }
      await backoff(attempt);
    }
  }

  /** A pooled connection for a transaction (its errors are handled: see guardConnections). */
  private async connect(): Promise<pg.PoolClient> {
    return pooledConnection(this.pool).catch((error: unknown) => {
      throw asOutage(error);
    });
  }

  /**
   * A unit of work: SERIALIZABLE unless `read-committed` is asked for (core's own units, which lock
   * what they check). Either way a unit that lost a race runs again inside.
   */
  async transaction<R>(work: (transaction: Transaction) => Promise<R>, options?: TransactionOptions): Promise<R> {
    const begin = options?.isolation === 'read-committed' ? 'BEGIN' : 'BEGIN ISOLATION LEVEL SERIALIZABLE';
    return this.inTransaction(begin, (client) => work({ database: this, client } as PostgresTransaction));
  }

  /**
   * Runs `body` between `begin` and COMMIT on a pooled connection, again when it lost a race or its
   * connection was cut before COMMIT was sent (either way it was rolled back whole); a failure it
   * cannot outlast becomes a 503 where the database was the cause.
   */
  private async inTransaction<R>(begin: string, body: (client: pg.PoolClient) => Promise<R>): Promise<R> {
    const cutRuns = cutBudget(this.pool);
    for (let attempt = 1; ; attempt++) {
      const client = await this.connect();
      let broken = false;
      let committing = false;
      try {
        await client.query(begin);
        const result = await body(client);
        committing = true;
        await client.query('COMMIT');
        this.changes?.committed();
        return result;
      } catch (error) {
        // A cut connection goes, rather than back to the pool for the next request to find broken;
        // the body may have caught the cut's error and thrown another, but the connection knows.
        broken = wasCut(client) || isConnectionLoss(error);
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        // Cut while its COMMIT was on the way: the server may have committed it before the cut.
        if (broken && committing && !wasNotSent(error)) throw outcomeUnknown(error);
        // Cut before, it was rolled back whole and runs again at once; after a lost race, after a wait.
        if (broken ? attempt >= cutRuns : attempt >= raceAttempts || !lostARace(error)) throw asOutage(error);
        if (broken) continue;
      } finally {
        client.release(broken || undefined);
      }
      await backoff(attempt);
    }
  }

  /** The connection of the caller's unit of work, refusing one of another database. */
  unitOf(options: StoreCallOptions | undefined): pg.PoolClient | undefined {
    const transaction = options?.transaction as PostgresTransaction | undefined;
    if (!transaction) return undefined;
    if (transaction.database !== this)
      throw new CorralError(
        'CORRAL_FOREIGN_TRANSACTION',
        '@corral/postgres: the transaction belongs to another database',
      );
    return transaction.client;
  }

  /**
   * Runs statements that must hold together: in the caller's unit of work when it names one,
   * otherwise in a transaction of their own (READ COMMITTED; they lock what they check), run again
   * when it lost a deadlock (it was rolled back whole).
   */
  async atomically<R>(options: StoreCallOptions | undefined, body: (on: Queryable) => Promise<R>): Promise<R> {
    const unit = this.unitOf(options);
    return unit ? body(unit) : this.inTransaction('BEGIN', body);
  }

  /** Where a single statement runs: the caller's unit of work, or any pooled connection. */
  on(options: StoreCallOptions | undefined): Queryable {
    return this.unitOf(options) ?? this.pool;
  }

  /**
   * Webhook subscriptions and their delivery state in this database (see `postgresWebhooks`);
   * `limits` bound the attempts and dead letters kept per subscription.
   */
  webhooks(limits: Partial<WebhookStoreLimits> = {}): WebhookStore {
    return postgresWebhooks(this, limits);
  }

  /**
   * A store for one collection. Without `table` it keeps the records in a table of its own, made
   * and kept in step with the declarations; with `table` it serves a table the application owns.
   */
  // biome-ignore lint/suspicious/noExplicitAny: without seed records, the collection it is given types it
  store<T extends object = any>(options: PostgresStoreOptions<T> = {}): Store<T> {
    return new PostgresStore<T>(this, options);
  }

  /**
   * Resolves when the server answers `SELECT 1`, rejects when it cannot be reached; `GET /ready`
   * of the API asks through the stores and stops waiting after its own timeout.
   */
  async ping(): Promise<void> {
    if (this.closed) throw new Error('@corral/postgres: the database is closed');
    await onPooledConnection(this.pool, false, (client) => client.query('SELECT 1'));
  }

  /** Closes the pool once; later calls do nothing. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.changes?.stop();
    await this.pool.end();
  }
}

/** Connects to PostgreSQL for an API's collections (lazily: the first query opens a connection). */
export function postgresDatabase(options: PostgresOptions): PostgresDatabase {
  return new PostgresDatabase(options);
}
