import type { ClaimOutcome, IdempotencyStore, StoredAnswer } from '@corral/core';
import type { SqliteDatabase } from './database.js';

interface KeyRow {
  fingerprint: string;
  answer: string | null;
}

/** How often expired keys are deleted, at most (ms of the callers' clock). */
const sweepEveryMs = 60_000;

/**
 * `Idempotency-Key` claims and answers in a table of the API's SQLite file: they outlive a
 * restart, and processes sharing the file share them. A claim is one upsert that takes the key
 * only where it is free, expired or abandoned, so exactly one of concurrent claims wins.
 */
export function sqliteIdempotency(database: SqliteDatabase): IdempotencyStore {
  database.connection.exec(`CREATE TABLE IF NOT EXISTS corral_idempotency (scope TEXT NOT NULL, key TEXT NOT NULL, token TEXT NOT NULL, fingerprint TEXT NOT NULL,
    expires_at INTEGER NOT NULL, lease_until INTEGER NOT NULL, answer TEXT, PRIMARY KEY (scope, key)) STRICT, WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS corral_idempotency_expiry ON corral_idempotency (expires_at)`);
  let sweptAt = 0;
  // Claims and releases go through the database's gate, so none joins an application's unit of work.
  const write = <R>(step: () => R) => database.write(undefined, step);

  return {
    database,
    async claim({ scope, key, token, fingerprint, now, windowMs, leaseMs }): Promise<ClaimOutcome> {
      return write(() => {
        if (now - sweptAt >= sweepEveryMs) {
          sweptAt = now;
          database.statement('DELETE FROM corral_idempotency WHERE expires_at <= ?').run(now);
        }
        const taken = database
          .statement(`INSERT INTO corral_idempotency (scope, key, token, fingerprint, expires_at, lease_until) VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (scope, key) DO UPDATE SET token = excluded.token, fingerprint = excluded.fingerprint, expires_at = excluded.expires_at, lease_until = excluded.lease_until, answer = NULL
          WHERE corral_idempotency.expires_at <= ? OR (corral_idempotency.answer IS NULL AND corral_idempotency.lease_until <= ?) RETURNING token`)
          .get(scope, key, token, fingerprint, now + windowMs, now + leaseMs, now, now);
        if (taken) return { state: 'claimed' };
        // In the same transaction as the upsert: the row it collided with is still there.
        const row = database
          .statement('SELECT fingerprint, answer FROM corral_idempotency WHERE scope = ? AND key = ?')
          .get(scope, key) as unknown as KeyRow;
        return row.answer === null
          ? { state: 'running', fingerprint: row.fingerprint }
          : { state: 'completed', fingerprint: row.fingerprint, answer: JSON.parse(row.answer) as StoredAnswer };
      });
    },
    async complete({ scope, key, token }, answer, options) {
      // Inside the caller's unit when it names one: the answer commits with the request's writes.
      const result = await database.write(options, () =>
        database
          .statement(
            'UPDATE corral_idempotency SET answer = ? WHERE scope = ? AND key = ? AND token = ? AND answer IS NULL',
          )
          .run(JSON.stringify(answer), scope, key, token),
      );
      return Number(result.changes) === 1;
    },
    async release({ scope, key, token }) {
      await write(() =>
        database
          .statement('DELETE FROM corral_idempotency WHERE scope = ? AND key = ? AND token = ? AND answer IS NULL')
          .run(scope, key, token),
      );
    },
  };
}
