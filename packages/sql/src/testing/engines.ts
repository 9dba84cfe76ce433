import type { IdempotencyStore, JobStore, Store, StoreDatabase, WebhookStore, WebhookStoreLimits } from '@corral/core';
import type { ConnectionCuts, JobStoreCaseOptions } from '@corral/core/testing';
import { afterAll, describe, it } from 'vitest';
import type { SqlRateLimits } from '../sql-rate-limits.js';
import type { ExpandHarness } from './expand-cases.js';
import type { SqlHarness } from './sql-store-cases.js';

/** Where a store keeps its records when the table is the application's (the store options every engine takes). */
export interface OwnedTable {
  readonly table: string;
  readonly id?: string;
  readonly columns?: Readonly<Record<string, string>>;
  readonly version?: string;
  /** Triggers on the table log other programs' writes in the change log. */
  readonly changeTriggers?: boolean;
}

/** A database of one engine in a fresh schema or file, with what the shared suites open on it. */
export interface EngineDatabase {
  readonly database: StoreDatabase;
  store<T extends object = any>(options?: OwnedTable): Store<T>;
  jobs(options: JobStoreCaseOptions): JobStore;
  idempotency(): IdempotencyStore;
  webhooks(limits: Partial<WebhookStoreLimits>): WebhookStore;
  /** A rate-limit counter store on the database (each call a store object of its own, sharing the counters). */
  rateLimits(): SqlRateLimits;
  /** Real cuts of its units' connections, where it has connections to cut. */
  cuts?(): ConnectionCuts;
  /**
   * Makes `creatures` and `creature_parts` as an application would with plain SQL (names of its
   * own, a `lock_version` column when `versionColumn`), before any store is opened.
   */
  ownTables(versionColumn: boolean): Promise<void>;
  /** Runs SQL as another program would: on a connection of its own, in the database's schema or file. */
  outside(sql: string): Promise<void>;
  /** Rows of a table as another program reads them (Corral's own tables too). */
  outsideRows(sql: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/**
 * One engine as the shared suites run on it. Each engine package exports its own from its
 * `/testing` entry; adding an engine is one more entry in the list the suites iterate.
 */
export interface SqlTestEngine {
  readonly name: string;
  /** Whether its databases give `cuts` (units on connections a test can cut). */
  readonly cutsConnections: boolean;
  /** Column types for tables a suite makes as an application would: a generated integer key, an integer. */
  readonly types: { readonly key: string; readonly integer: string };
  /** Why the engine cannot run here (no server), or undefined when it can. */
  unavailable(): Promise<string | undefined>;
  /** A database in a fresh schema or file of its own. */
  open(): EngineDatabase;
  /** The harness of `sqlStoreCases`, on a fresh schema or file. */
  sql(): Promise<SqlHarness>;
  /** The harness of `expandCases`, on a fresh schema or file. */
  expand(): Promise<ExpandHarness>;
  /** Frees what the cases made (schemas, files) once they are done. */
  cleanUp(): Promise<void>;
}

/**
 * Registers `suite` once per engine, under the engine's name. An engine that cannot run here is
 * skipped with its reason printed; in CI (`CI` set) it fails instead, so a missing server is seen.
 */
export async function forEachEngine(
  engines: readonly SqlTestEngine[],
  suite: (engine: SqlTestEngine) => void,
): Promise<void> {
  for (const engine of engines) {
    const reason = await engine.unavailable();
    if (reason && process.env.CI) {
      describe(engine.name, () => it('is available', () => Promise.reject(new Error(reason))));
    } else if (reason) {
      console.warn(`Skipping the ${engine.name} suites: ${reason}`);
    } else {
      describe(engine.name, () => {
        afterAll(() => engine.cleanUp());
        suite(engine);
      });
    }
  }
}
