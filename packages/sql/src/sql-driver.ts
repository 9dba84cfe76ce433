import type { StoreCallOptions } from '@corral/core';

/** A value, or a promise of it: SQLite answers at once, PostgreSQL later. */
export type Maybe<V> = V | Promise<V>;

/** A row by column name, or in SELECT-list order. */
export type SqlRow = Readonly<Record<string, unknown>> | readonly unknown[];

/** How one statement runs. */
export interface StatementOptions {
  /** Rows as arrays in SELECT-list order (cheaper to make than objects). */
  readonly arrays?: boolean;
  /** Whether it writes: a statement that only reads may run again after a lost connection. */
  readonly writes?: boolean;
  /** Planned for its values each time (a search), not prepared once. */
  readonly planEachTime?: boolean;
}

/** A statement and the values of its parameters, as one of a unit's (see {@link SqlDriver.runUnit}). */
export interface UnitStatement {
  /** Its text, with the dialect's placeholders. */
  readonly sql: string;
  /** The values of its placeholders, in order. */
  readonly values: readonly unknown[];
  /** Its rows are the unit's answer (the `INSERT ... RETURNING`); at most one of a unit's statements. */
  readonly returning?: boolean;
  /** The rows it must change: the unit fails, and nothing of it is kept, when it changed another number. */
  readonly changes?: number;
}

/**
 * Runs statements for the engine on a connection `C` (whatever the engine package calls one). A
 * synchronous engine answers with values, an asynchronous one with promises: the engine chains
 * both without waiting on a value that is already there.
 */
export interface SqlDriver<C> {
  /** Where the reads of a store call run: the caller's unit of work, or outside any (committed data). */
  readsOn(options: StoreCallOptions | undefined): C;
  /** The rows of a statement. */
  rows(on: C, sql: string, values: readonly unknown[], options?: StatementOptions): Maybe<SqlRow[]>;
  /** The first row of a reading statement, as an array; optional, for a driver that reads one row more cheaply. */
  first?(on: C, sql: string, values: readonly unknown[]): Maybe<readonly unknown[] | undefined>;
  /** Runs a statement that returns no rows; the number of rows it changed. */
  run(on: C, sql: string, values: readonly unknown[]): Maybe<number>;
  /**
   * Runs a statement whose count nobody reads (the change log's append, a revision's count): a
   * driver may hold it back until the unit's next statement or its COMMIT, and send it with that
   * COMMIT in one round trip, so that the locks it takes are not held across a round trip.
   * Optional: `run` otherwise.
   */
  runLast?(on: C, sql: string, values: readonly unknown[]): Maybe<void>;
  /**
   * Runs statements known in full before the first is sent as a unit of work of their own (all of
   * them committed, or none), outside any caller's unit; the rows of the one marked `returning`,
   * as arrays, or undefined when a statement changed another number of rows than its `changes`
   * says (the unit was rolled back). A driver sends them, with the unit's begin and commit, in one
   * round trip where its database can; the outcome is then unknown only when that trip's answer
   * was lost. Optional: the engine otherwise runs its statements one by one through `write`.
   */
  runUnit?(statements: readonly UnitStatement[]): Promise<SqlRow[] | undefined>;
  /**
   * Runs a store call's writes: in the caller's unit of work when it names one, otherwise in a
   * transaction of their own; with `atomic` false, a driver may run the single statement on its own.
   */
  write<R>(options: StoreCallOptions | undefined, atomic: boolean, body: (on: C) => Promise<R>): Promise<R>;
}

/** Runs a statement through {@link SqlDriver.runLast} where the driver has it, else `run`. */
export function runLast<C>(driver: SqlDriver<C>, on: C, sql: string, values: readonly unknown[]): Maybe<unknown> {
  return driver.runLast ? driver.runLast(on, sql, values) : driver.run(on, sql, values);
}

/** `then` for a value that may already be there: SQLite's reads stay synchronous end to end. */
export function chain<V, R>(value: Maybe<V>, next: (value: V) => Maybe<R>): Maybe<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
