import type { ClaimOutcome, IdempotencyStore, StoreDatabase, StoredAnswer } from '@corral/core';
import { keptTable, type KeptOn } from './kept-tables.js';

/** How often expired keys are deleted, at most (ms of the callers' clock). */
const sweepEveryMs = 60_000;

const columns = ['scope', 'key', 'token', 'fingerprint', 'expires_at', 'lease_until'] as const;

/**
 * `Idempotency-Key` claims and answers in a table of the database, shared by every process that
 * uses it. A claim is one upsert that takes the key only where it is free, expired or abandoned,
 * so exactly one of concurrent claims wins; times are the callers' clock.
 */
export function sqlIdempotency<C>(kept: KeptOn<C> & { readonly database: StoreDatabase }): IdempotencyStore {
  const { driver, dialect } = kept;
  const p = dialect.placeholder;
  // `key` is a reserved word in MariaDB: every column goes through the dialect's quoting.
  const [scope, key, token, fingerprint, expires, lease] = columns.map(dialect.quote) as [string, ...string[]];
  const answerColumn = dialect.quote('answer');
  const table = dialect.table('corral_idempotency');
  const ready = keptTable(kept, dialect.kept.idempotencyTable());
  const now = p(columns.length + 1);
  const take = dialect.kept.upsertWhen(
    table,
    columns.map(dialect.quote),
    [scope, key!],
    answerColumn,
    (held) => `${held}.${expires} <= ${now} OR (${held}.${answerColumn} IS NULL AND ${held}.${lease} <= ${now})`,
  );
  const ofKey = `${scope} = ${p(1)} AND ${key} = ${p(2)}`;
  const read = `SELECT ${fingerprint} AS fingerprint, ${answerColumn} AS answer FROM ${table} WHERE ${ofKey}`;
  const held = `${ofKey} AND ${token} = ${p(3)} AND ${answerColumn} IS NULL`;
  const finish = `UPDATE ${table} SET ${answerColumn} = ${p(4)} WHERE ${held}`;
  const drop = `DELETE FROM ${table} WHERE ${held}`;
  const sweep = `DELETE FROM ${table} WHERE ${expires} <= ${p(1)}`;
  let sweptAt = 0;

  /** The upsert, then (in the same unit, so the row it collided with is still there) what holds the key. */
  const claimOnce = (values: unknown[], at: number) =>
    driver.write(undefined, true, async (on): Promise<ClaimOutcome | undefined> => {
      if ((await driver.run(on, take, [...values, at])) > 0) return { state: 'claimed' };
      const [row] = (await driver.rows(on, read, values.slice(0, 2))) as {
        fingerprint: string;
        answer: string | null;
      }[];
      if (!row) return undefined; // released between the two statements: try again
      return row.answer === null
        ? { state: 'running', fingerprint: row.fingerprint }
        : { state: 'completed', fingerprint: row.fingerprint, answer: JSON.parse(row.answer) as StoredAnswer };
    });

  return {
    database: kept.database,
    async claim(request) {
      const at = request.now;
      await ready();
      if (at - sweptAt >= sweepEveryMs) {
        sweptAt = at;
        await driver.write(undefined, false, (on) => Promise.resolve(driver.run(on, sweep, [at])));
      }
      for (;;) {
        const { windowMs, leaseMs } = request;
        const values = [request.scope, request.key, request.token, request.fingerprint, at + windowMs, at + leaseMs];
        const outcome = await claimOnce(values, at);
        if (outcome) return outcome;
      }
    },
    async complete(claimed, answer, options) {
      await ready();
      // Inside the caller's unit when it names one: the answer commits with the request's writes.
      const changed = await driver.write(options, false, (on) =>
        Promise.resolve(driver.run(on, finish, [claimed.scope, claimed.key, claimed.token, JSON.stringify(answer)])),
      );
      return changed === 1;
    },
    async release(claimed) {
      await ready();
      await driver.write(undefined, false, (on) =>
        Promise.resolve(driver.run(on, drop, [claimed.scope, claimed.key, claimed.token])),
      );
    },
  };
}
