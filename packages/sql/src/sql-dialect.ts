import type { StoreLock } from '@corral/core';
import type { QueryDialect } from './query.js';
import type { TableMap } from './table-map.js';
import type { OwnedColumn } from './existing-table.js';
import type { Violation } from './violations.js';
import type { KeptSql } from './kept-sql.js';

/**
 * What an engine can do in one statement; the engine falls back to more statements where it cannot.
 * `RETURNING` on INSERT and DELETE is taken for granted (SQLite, PostgreSQL and MariaDB have it).
 */
export interface DialectCapabilities {
  /** `UPDATE ... RETURNING` (MariaDB has none: the row is read back in the same unit). */
  readonly returningOnUpdate: boolean;
  /** Writes inside `WITH` (PostgreSQL): a write and its bookkeeping go as one statement. */
  readonly writableCte: boolean;
  /** A page's rows and the revision can be read by one statement (a subquery beside the rows). */
  readonly revisionInPage: boolean;
  /** `CROSS JOIN LATERAL`: the groups of an expansion are read by one statement. */
  readonly lateralGroups: boolean;
  /** `SELECT ... FOR UPDATE`: checks that guard a bulk write lock what they read. */
  readonly rowLocks: boolean;
  /** A first page's LIMIT is written into the text, so the server keeps one plan per size. */
  readonly literalFirstLimit: boolean;
  /**
   * `FOR UPDATE SKIP LOCKED`: workers of several processes claim different jobs at once. Without
   * it the engine has one writer at a time (SQLite), and a plain claim is enough.
   */
  readonly skipLocked: boolean;
  /**
   * Creates outside a unit of work that meet in one turn of the event loop go as one multi-row
   * `INSERT ... RETURNING` (see create-batches.ts), with their bookkeeping in one unit: for an
   * engine that takes writes from many connections at once and returns inserted rows in the order
   * of its values. SQLite needs none of it: its database already lets every write of a turn share
   * one transaction and commit (@corral/sqlite's commit groups), and no round trip is saved.
   */
  readonly batchedCreates: boolean;
}

/**
 * The SQL of Corral's own bookkeeping tables, kept apart so that the way revisions are counted
 * (one row per collection today) can change without touching the engine. Arguments are placeholders.
 */
export interface BookkeepingSql {
  /** Inserts the collection's revision rows when missing; `keepsLive`: the live count is kept too (a table of its own). */
  revisionSeed(collection: string, keepsLive: boolean): string;
  /** Selects `revision` and `live` (the kept count, or NULL) of the collection; locked when asked. */
  revisionRead(collection: string, lock: boolean): string;
  /**
   * Counts one committed write; `condition`, when given, must hold as well (a write that changed
   * nothing). `live` is an SQL expression added to the live count where one is kept (default 0).
   */
  revisionBump(collection: string, condition?: string, live?: string): string;
  /**
   * A comment that begins each statement by which the store writes a table it made and keeps that
   * write's books itself (count, live count, tombstones, in the same statement). The table's
   * triggers, there for other programs' writes, stand aside for a statement that begins with it.
   * Without it, the triggers keep the books of every write to such a table.
   */
  readonly ownStatementMark?: string;
  /**
   * Appending a change of a table the application owns to the change log counts it in the
   * revision too (a trigger on the log): such a write, when logged, takes no statement to count it.
   */
  readonly logCountsOwnedWrites?: boolean;
  /**
   * The expression a page selects beside its rows (when `revisionInPage`): the revision, with the
   * live count where the table keeps one.
   */
  pageCounts(map: TableMap, collection: string): string;
  /** Whether any tombstone of the collection exists (a column `any`). */
  anyTombstone(collection: string): string;
  /** The ids (column `id`) among a list parameter made by `SqlDialect.idList` that are tombstones. */
  tombstones(collection: string, ids: string): string;
  /** Leaves one tombstone, ignored when it is there. */
  tombstone(collection: string, id: string): string;
  /**
   * Leaves a tombstone for each of `ids` (placeholders) in one statement, ignoring those there;
   * without it, a bulk delete on an engine without writable CTEs leaves them one statement each.
   */
  tombstoneRows?(collection: string, ids: readonly string[]): string;
  /** Leaves a tombstone for each `id` of a CTE named `from` (when `writableCte`). */
  tombstonesFrom(collection: string, from: string): string;
}

/**
 * Everything the engine writes differently per database: {@link QueryDialect}'s WHERE and ORDER BY
 * parts, identifiers, ids, versions, bookkeeping, error codes and capabilities.
 */
export interface SqlDialect extends QueryDialect {
  /** The package name messages start with, e.g. `@corral/sqlite`. */
  readonly packageName: string;
  /** What the database can do in one statement; the engine takes another path where it cannot. */
  readonly can: DialectCapabilities;
  /** The SQL of the revision counters and tombstones. */
  readonly bookkeeping: BookkeepingSql;
  /** The jobs and idempotency tables' SQL. */
  readonly kept: KeptSql;
  /** A quoted identifier (required here: the engine names every column through it). */
  quote(name: string): string;
  /** A table's name in statements (schema-qualified where the database has schemas). */
  table(name: string): string;
  /** The id column equals the parameter. */
  idEquals(map: TableMap, placeholder: string): string;
  /** The id column is one of a list parameter made by {@link idList}. */
  idIn(map: TableMap, placeholder: string): string;
  /** A key as the id column compares with it. */
  idValue(map: TableMap, key: string): unknown;
  /** One parameter holding several keys, for {@link idIn} and `tombstones`. */
  idList(map: TableMap, keys: readonly string[]): unknown;
  /**
   * How a unit names, without waiting for its answer, the ids the database gave the rows its
   * INSERT just wrote: `clear`, a statement run before the INSERT so that one that gave no ids
   * leaves nothing of an earlier one, and `where(column, count)`, a condition on the id column (an
   * SQL expression) that holds for those rows (MariaDB: the AUTO_INCREMENT values from
   * `LAST_INSERT_ID()`). Undefined where the database names none (ids from a column default): the
   * engine then reads the ids from the INSERT's answer.
   */
  generatedIds?(map: TableMap): GeneratedIds | undefined;
  /** The expression of a row's version; undefined where the engine digests the row's values. */
  rowVersion(map: TableMap): string | undefined;
  /** The rule a write broke, from the database's error; undefined for any other error. */
  violation(error: unknown): Violation | undefined;
  /**
   * The clause that ends a read inside a unit of work so that it locks the rows it finds (see
   * `StoreCallOptions.lock`); absent where units never overlap (one writer at a time).
   */
  lockClause?(lock: StoreLock): string;
  /** The dialect for a table the application owns, once its columns are known (PostgreSQL's enum types). */
  forColumns?(columns: readonly OwnedColumn[]): SqlDialect;
}

/** How a unit names the ids the database gave the rows of its INSERT (see {@link SqlDialect.generatedIds}). */
export interface GeneratedIds {
  /** A statement run before the INSERT, so that an INSERT that gave no ids leaves none of an earlier one. */
  readonly clear: string;
  /** A condition on the id column (an SQL expression) that holds for the `count` rows the INSERT wrote. */
  where(column: string, count: number): string;
}
