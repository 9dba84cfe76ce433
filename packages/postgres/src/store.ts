import { CorralError, type StoreInit } from '@corral/core';
import {
  legacyRefused,
  quoted,
  SqlStore,
  type OwnedColumn,
  type SqlStoreOptions,
  type TableMap,
  type Where,
} from '@corral/sql';
import type { PostgresDatabase, Queryable } from './database.js';
import { postgresDialect } from './dialect.js';
import { postgresDriver } from './driver.js';
import { legacyProblems, moveLegacy } from './legacy-layout.js';
import { layoutVersion, prepareBookkeeping, prepareManagedTable, storedTable } from './managed-table.js';
import { logTriggers } from './change-log-sql.js';
import { noteLogType } from './log-json.js';
import { checksOf, columnsOf, tableExists, uniqueIndexesOf } from './table-info.js';
import { unreachableError } from './unreachable.js';

/** Settings of one store of a {@link PostgresDatabase}. */
export type PostgresStoreOptions<T> = SqlStoreOptions<T>;

/** How long set-up waits for a table lock per try (ms), and how long it keeps trying. */
const lockWait = 1000;
const setUpPatience = 300_000;

/**
 * One collection's records in one PostgreSQL table (see {@link SqlStore}). In a table the
 * application owns without a version column, a row's version is its `xmin` (the transaction that
 * last wrote it). What is PostgreSQL's own: tables made under a lock per schema, statement
 * triggers, and the planner's estimates.
 */
export class PostgresStore<T extends object> extends SqlStore<T, Queryable> {
  declare readonly database: PostgresDatabase;

  constructor(database: PostgresDatabase, options: PostgresStoreOptions<T>) {
    super(database, postgresDriver(database), postgresDialect(database.schema), options);
  }

  /** Opens the table; a server that cannot be reached fails start-up saying where and why, not as a 503. */
  override async init(init: StoreInit): Promise<void> {
    try {
      await super.init(init);
    } catch (error) {
      throw unreachableError(error, this.database.connectionString) ?? error;
    }
  }

  /** The schema's name without its quotes, as the catalogue holds it. */
  private get schemaName(): string {
    return this.database.schema.slice(1, -1);
  }

  override tableLabel(name: string): string {
    return `${this.schemaName}.${name}`;
  }

  /** One unit, under one lock per schema: collections and processes starting at once take turns. */
  async setUp(_managed: boolean, body: (on: Queryable) => Promise<void>): Promise<void> {
    const { schema } = this.database;
    const deadline = Date.now() + setUpPatience;
    for (;;) {
      try {
        return await this.database.atomically(undefined, async (on) => {
          await on.query(`SELECT pg_advisory_xact_lock(hashtext('corral:' || $1))`, [schema]);
          // A change to a table waits for every open unit that wrote it, and writers queue behind
          // it: one long unit would stop them all. So a lock is waited for a second at most; then
          // the whole set-up is rolled back, steps aside to let the queue through, and starts again.
          await on.query(`SET LOCAL lock_timeout = '${lockWait}ms'`);
          const records = await prepareBookkeeping(on, schema);
          // Before any write builds its statement: a log an earlier release made keeps jsonb.
          if (this.database.changeSql) noteLogType(this.database.changeSql, records);
          await body(on);
        });
      } catch (error) {
        if ((error as { code?: unknown }).code !== '55P03' || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, lockWait / 2));
      }
    }
  }

  async prepareManaged(on: Queryable, declared: TableMap): Promise<boolean> {
    const { schema } = this.database;
    const stored = await storedTable(on, schema, declared.collection);
    if (stored && stored.layout > layoutVersion)
      throw new CorralError(
        'CORRAL_TABLE_LAYOUT_MISMATCH',
        `@corral/postgres: the table of ${declared.collection} has layout ${stored.layout}, newer than this version of the package reads (${layoutVersion})`,
      );
    if (stored?.layout === 1) {
      const problems = await legacyProblems(on, schema, declared, declared.collection);
      if (problems.length > 0) throw legacyRefused(declared, problems);
      await moveLegacy(on, schema, declared, declared.collection);
    }
    await prepareManagedTable(on, schema, declared, this.database.changes !== undefined);
    // Foreign keys are checked by PostgreSQL as rows change.
    return false;
  }

  /** A table the application owns gets the log's triggers when its store asks (`changeTriggers`), and loses them when not. */
  override async finishSetUp(on: Queryable, declared: TableMap): Promise<void> {
    if (!declared.managed) await logTriggers(on, this.database.schema, this.map, this.changeTriggers);
  }

  async describeTable(on: Queryable, declared: TableMap): Promise<OwnedColumn[] | undefined> {
    if (!(await tableExists(on, this.schemaName, declared.table))) return undefined;
    return columnsOf(on, this.schemaName, declared.table);
  }

  override uniqueIndexesOf(on: Queryable, declared: TableMap): Promise<string[][]> {
    return uniqueIndexesOf(on, this.schemaName, declared.table);
  }

  override describeChecks(on: Queryable, map: TableMap): Promise<Map<string, string[]>> {
    return checksOf(on, this.schemaName, map.table);
  }

  async mayTakeSeed(declared: TableMap): Promise<boolean> {
    if ((this.options.seed ?? []).length === 0) return false;
    const { schema, pool } = this.database;
    const first = async (sql: string, values: unknown[] = []) =>
      (await this.database.query(pool, sql, values)).rows[0]!;
    const table = `${schema}.${quoted(declared.table)}`;
    const found = await first(
      `SELECT to_regclass($1) IS NOT NULL AS has_table, to_regclass($2) IS NOT NULL AS has_tombstones, to_regclass($3) IS NOT NULL AS has_bookkeeping`,
      [table, `${schema}.corral_tombstones`, `${schema}.corral_tables`],
    );
    // A collection the store set up before (in any layout, the earlier ones included) took its seed then, or never will.
    if (found.has_bookkeeping && (await this.knownCollection(declared.collection))) return false;
    if (found.has_table && (await first(`SELECT EXISTS (SELECT 1 FROM ${table}) AS any`)).any) return false;
    return !(
      found.has_tombstones &&
      (
        await first(`SELECT EXISTS (SELECT 1 FROM ${schema}.corral_tombstones WHERE collection = $1) AS any`, [
          declared.collection,
        ])
      ).any
    );
  }

  /** Whether the bookkeeping names the collection: this release's counters, or an earlier one's revision row. */
  private async knownCollection(collection: string): Promise<boolean> {
    const { schema, pool } = this.database;
    const tables = [`${schema}.corral_tables`, `${schema}.corral_counts`, `${schema}.corral_revisions`];
    const present = await this.database.query(
      pool,
      `SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NOT NULL`,
      [tables],
    );
    const known = await this.database.query(
      pool,
      `SELECT ${present.rows.map((row) => `EXISTS (SELECT 1 FROM ${row.name} WHERE collection = $1)`).join(' OR ')} AS known`,
      [collection],
      true,
    );
    return Boolean(known.rows[0]!.known);
  }

  async estimate(on: Queryable, where: Where): Promise<number> {
    // Not prepared by name: a generic plan would estimate every value alike. Read again if its connection is cut.
    const plan = await this.database.query(
      on,
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${this.shape.table} WHERE ${where.sql}`,
      where.parameters,
      true,
    );
    return Number(
      (plan.rows[0] as { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] })['QUERY PLAN'][0].Plan['Plan Rows'],
    );
  }
}
