import { onConflictUpsert, type KeptSql } from '@corral/sql';

/** The jobs and idempotency tables in the SQLite file; times are whole ms of the callers' clock. */
export const sqliteKept: KeptSql = {
  jobsTable: () => [
    'CREATE TABLE IF NOT EXISTS corral_jobs (id TEXT PRIMARY KEY, status TEXT NOT NULL, created_at INTEGER NOT NULL, finished_at INTEGER, scope TEXT, subject TEXT, request TEXT NOT NULL, result TEXT, lease_until INTEGER, attempts INTEGER NOT NULL DEFAULT 0)',
    `CREATE INDEX IF NOT EXISTS corral_jobs_waiting ON corral_jobs (created_at) WHERE status IN ('queued', 'running')`,
    'CREATE INDEX IF NOT EXISTS corral_jobs_finished ON corral_jobs (finished_at) WHERE finished_at IS NOT NULL',
  ],
  idempotencyTable: () => [
    `CREATE TABLE IF NOT EXISTS corral_idempotency (scope TEXT NOT NULL, key TEXT NOT NULL, token TEXT NOT NULL, fingerprint TEXT NOT NULL,
    expires_at INTEGER NOT NULL, lease_until INTEGER NOT NULL, answer TEXT, PRIMARY KEY (scope, key)) STRICT, WITHOUT ROWID`,
    'CREATE INDEX IF NOT EXISTS corral_idempotency_expiry ON corral_idempotency (expires_at)',
  ],
  webhooksTable: () => [
    `CREATE TABLE IF NOT EXISTS corral_webhooks (id TEXT PRIMARY KEY, owner TEXT NOT NULL, created_at INTEGER NOT NULL, status TEXT NOT NULL,
    version INTEGER NOT NULL, body TEXT NOT NULL, log_position TEXT NOT NULL, failing TEXT, dead_since INTEGER, resends TEXT NOT NULL,
    ready_at INTEGER NOT NULL, holder TEXT, claims INTEGER NOT NULL DEFAULT 0, lease_until INTEGER, woken INTEGER NOT NULL DEFAULT 0) STRICT`,
    'CREATE INDEX IF NOT EXISTS corral_webhooks_owner ON corral_webhooks (owner, created_at, id)',
    `CREATE INDEX IF NOT EXISTS corral_webhooks_ready ON corral_webhooks (ready_at) WHERE status = 'active'`,
    'CREATE TABLE IF NOT EXISTS corral_webhook_attempts (seq INTEGER PRIMARY KEY, subscription_id TEXT NOT NULL, body TEXT NOT NULL) STRICT',
    'CREATE INDEX IF NOT EXISTS corral_webhook_attempts_of ON corral_webhook_attempts (subscription_id, seq)',
    `CREATE TABLE IF NOT EXISTS corral_webhook_dead_letters (seq INTEGER PRIMARY KEY, subscription_id TEXT NOT NULL, log_position TEXT NOT NULL,
    body TEXT NOT NULL, UNIQUE (subscription_id, log_position)) STRICT`,
    'CREATE INDEX IF NOT EXISTS corral_webhook_dead_letters_of ON corral_webhook_dead_letters (subscription_id, seq)',
  ],
  wholeMs: (placeholder) => placeholder,
  rateLimitsTable: () => [
    'CREATE TABLE IF NOT EXISTS corral_rate_limits (key TEXT PRIMARY KEY, count INTEGER NOT NULL, ends_at REAL NOT NULL) STRICT, WITHOUT ROWID',
    'CREATE INDEX IF NOT EXISTS corral_rate_limits_ends ON corral_rate_limits (ends_at)',
  ],
  // ms since the epoch; 'now' is fixed for the whole statement.
  rateClock: {
    now: `((julianday('now') - 2440587.5) * 86400000.0)`,
    after: (ms) => `((julianday('now') - 2440587.5) * 86400000.0 + ${ms})`,
    msUntil: (at) => `max(0.0, ${at} - (julianday('now') - 2440587.5) * 86400000.0)`,
  },
  moment: (ms) => Math.floor(ms),
  // Whole ms tie often: the rowid keeps the order accepted.
  jobOrder: 'created_at, rowid',
  upsertWhen: onConflictUpsert((n) => `?${n}`),
};
