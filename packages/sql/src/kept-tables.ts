import type { SqlDialect } from './sql-dialect.js';
import type { SqlDriver } from './sql-driver.js';

/** The driver and dialect of one database, as the jobs and idempotency stores use them. */
export interface KeptOn<C> {
  /** How statements run. */
  readonly driver: SqlDriver<C>;
  /** How the database spells them. */
  readonly dialect: SqlDialect;
}

/**
 * Makes a kept table once, on first use. A failed attempt (the database briefly away) is not
 * remembered: the next call tries again.
 */
export function keptTable<C>({ driver }: KeptOn<C>, statements: readonly string[]): () => Promise<void> {
  let made: Promise<void> | undefined;
  return () =>
    (made ??= driver
      .write(undefined, true, async (on) => {
        for (const statement of statements) await driver.run(on, statement, []);
      })
      .catch((error: unknown) => {
        made = undefined;
        throw error;
      }));
}
