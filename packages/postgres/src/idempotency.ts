import type { ClaimOutcome, IdempotencyStore, StoredAnswer } from '@corral/core';
import type { PostgresDatabase } from './database.js';

interface KeyRow {
  fingerprint: string;
  answer: string | null;
}

/** How often expired keys are deleted, at most (ms of the callers' clock). */
const sweepEveryMs = 60_000;

/**
 * `Idempotency-Key` claims and answers in a table of the API's schema, shared by every process
 * of the API. A claim is one `INSERT ... ON CONFLICT DO UPDATE ... WHERE` that takes the key only
 * where it is free, expired or abandoned: of concurrent claims in any processes, exactly one wins.
 */
export function postgresIdempotency(database: PostgresDatabase): IdempotencyStore {
  const table = `${database.schema}.corral_idempotency`;
  let made: Promise<void> | undefined;
  let sweptAt = 0;

  // A failed setup (the database briefly away) is tried again on the next call rather than remembered.
  const ready = () =>
    (made ??= database
      .atomically(undefined, async (on) => {
        await on.query(`SELECT pg_advisory_xact_lock(hashtext('corral:' || $1))`, [database.schema]);
        await on.query(`CREATE SCHEMA IF NOT EXISTS ${database.schema}`);
        await on.query(`CREATE TABLE IF NOT EXISTS ${table} (scope text NOT NULL, key text NOT NULL, token text NOT NULL, fingerprint text NOT NULL,
      expires_at bigint NOT NULL, lease_until bigint NOT NULL, answer text, PRIMARY KEY (scope, key))`);
        // The sweep finds expired keys through it rather than reading the table.
        await on.query(`CREATE INDEX IF NOT EXISTS corral_idempotency_expiry ON ${table} (expires_at)`);
      })
      .catch((error: unknown) => {
        made = undefined;
        throw error;
      }));

  async function claimOnce(values: unknown[], now: number): Promise<ClaimOutcome | undefined> {
    const taken = await database.query(
      database.pool,
      `INSERT INTO ${table} AS held (scope, key, token, fingerprint, expires_at, lease_until) VALUES ($1, $2, $3, $4, $5, $6)
      ON CONFLICT (scope, key) DO UPDATE SET token = excluded.token, fingerprint = excluded.fingerprint, expires_at = excluded.expires_at, lease_until = excluded.lease_until, answer = NULL
      WHERE held.expires_at <= $7 OR (held.answer IS NULL AND held.lease_until <= $7) RETURNING token`,
      [...values, now],
    );
    if (taken.rowCount === 1) return { state: 'claimed' };
    const found = await database.query<KeyRow>(
      database.pool,
      `SELECT fingerprint, answer FROM ${table} WHERE scope = $1 AND key = $2`,
      values.slice(0, 2),
    );
    const row = found.rows[0];
    if (!row) return undefined; // released between the two statements: try again
    return row.answer === null
      ? { state: 'running', fingerprint: row.fingerprint }
      : { state: 'completed', fingerprint: row.fingerprint, answer: JSON.parse(row.answer) as StoredAnswer };
  }

  return {
    database,
    async claim({ scope, key, token, fingerprint, now, windowMs, leaseMs }) {
      await ready();
      if (now - sweptAt >= sweepEveryMs) {
        sweptAt = now;
        await database.query(database.pool, `DELETE FROM ${table} WHERE expires_at <= $1`, [now]);
      }
      for (;;) {
        const outcome = await claimOnce([scope, key, token, fingerprint, now + windowMs, now + leaseMs], now);
        if (outcome) return outcome;
      }
    },
    async complete({ scope, key, token }, answer, options) {
      await ready();
      // Inside the caller's unit when it names one: the answer commits with the request's writes.
      const result = await database.query(
        database.on(options),
        `UPDATE ${table} SET answer = $4 WHERE scope = $1 AND key = $2 AND token = $3 AND answer IS NULL`,
        [scope, key, token, JSON.stringify(answer)],
      );
      return result.rowCount === 1;
    },
    async release({ scope, key, token }) {
      await ready();
      await database.query(
        database.pool,
        `DELETE FROM ${table} WHERE scope = $1 AND key = $2 AND token = $3 AND answer IS NULL`,
        [scope, key, token],
      );
    },
  };
}
