import type { KeptSql } from '@corral/sql';

/** Every table Corral keeps: InnoDB, text compared by code point. */
const tableOptions = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin';

/** A growing `seq` key: the order rows were added (MariaDB's AUTO_INCREMENT, never reused). */
const listed = (table: string, more: string) =>
  `CREATE TABLE IF NOT EXISTS ${table} (seq BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, subscription_id VARCHAR(255) NOT NULL${more}, body LONGTEXT NOT NULL, KEY ${table}_of (subscription_id, seq)) ${tableOptions}`;

/** The database's clock in ms since the epoch (a DOUBLE), the same moment throughout one statement. */
const nowMs = '(UNIX_TIMESTAMP(NOW(3)) * 1000)';

/**
 * `INSERT ... ON DUPLICATE KEY UPDATE` that overwrites an existing row only when `when` holds of
 * it. MariaDB applies the assignments in order, each seeing the ones before, so `when` is judged
 * once, first, into a session variable the others read. Without FOUND_ROWS (see connection.ts) a
 * row left alone counts 0.
 */
const upsertWhen: KeptSql['upsertWhen'] = (table, columns, key, cleared, when) => {
  const values = columns.map((_, i) => `?${i + 1}`).join(', ');
  const set = columns
    .filter((column) => !key.includes(column))
    .map(
      (column, i) =>
        `${column} = IF(${i === 0 ? `(@corral_take := (${when(table)}))` : '@corral_take'}, VALUES(${column}), ${column})`,
    );
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${values}) ON DUPLICATE KEY UPDATE ${[...set, `${cleared} = IF(@corral_take, NULL, ${cleared})`].join(', ')}`;
};

/**
 * The jobs, idempotency, webhook and rate-limit tables. Subscriptions are keyed by a growing `seq`
 * (every secondary index ends with it), so that of subscriptions ready at the same moment the
 * oldest is claimed first, as the other engines' insertion order gives.
 */

export const mysqlKept: KeptSql = {
  jobsTable: () => [
    `CREATE TABLE IF NOT EXISTS corral_jobs (id CHAR(36) NOT NULL PRIMARY KEY, seq BIGINT NOT NULL AUTO_INCREMENT UNIQUE, status VARCHAR(16) NOT NULL,
    created_at DOUBLE NOT NULL, finished_at DOUBLE NULL, scope VARCHAR(1024) NULL, subject VARCHAR(1024) NULL, request LONGTEXT NOT NULL, result LONGTEXT NULL,
    lease_until DOUBLE NULL, attempts INT NOT NULL DEFAULT 0, KEY corral_jobs_waiting (status, created_at, seq), KEY corral_jobs_finished (finished_at)) ${tableOptions}`,
  ],
  idempotencyTable: () => [
    `CREATE TABLE IF NOT EXISTS corral_idempotency (scope VARCHAR(255) NOT NULL, "key" VARCHAR(255) NOT NULL, token VARCHAR(255) NOT NULL, fingerprint VARCHAR(255) NOT NULL,
    expires_at BIGINT NOT NULL, lease_until BIGINT NOT NULL, answer LONGTEXT NULL, PRIMARY KEY (scope, "key"), KEY corral_idempotency_expiry (expires_at)) ${tableOptions}`,
  ],
  webhooksTable: () => [
    `CREATE TABLE IF NOT EXISTS corral_webhooks (seq BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, id VARCHAR(255) NOT NULL UNIQUE, owner VARCHAR(255) NOT NULL, created_at BIGINT NOT NULL, status VARCHAR(16) NOT NULL,
    version INT NOT NULL, body LONGTEXT NOT NULL, log_position VARCHAR(255) NOT NULL, failing LONGTEXT NULL, dead_since BIGINT NULL, resends LONGTEXT NOT NULL,
    ready_at BIGINT NOT NULL, holder VARCHAR(255) NULL, claims INT NOT NULL DEFAULT 0, lease_until BIGINT NULL, woken INT NOT NULL DEFAULT 0,
    KEY corral_webhooks_owner (owner, created_at, id), KEY corral_webhooks_ready (status, ready_at)) ${tableOptions}`,
    listed('corral_webhook_attempts', ''),
    listed(
      'corral_webhook_dead_letters',
      ', log_position VARCHAR(255) NOT NULL, UNIQUE KEY corral_webhook_dead_letters_at (subscription_id, log_position)',
    ),
  ],
  wholeMs: (placeholder) => placeholder,
  rateLimitsTable: () => [
    `CREATE TABLE IF NOT EXISTS corral_rate_limits ("key" VARCHAR(255) NOT NULL PRIMARY KEY, "count" INT NOT NULL, ends_at DOUBLE NOT NULL, KEY corral_rate_limits_ends (ends_at)) ${tableOptions}`,
  ],
  rateClock: {
    now: nowMs,
    after: (ms) => `(${nowMs} + ${ms})`,
    msUntil: (at) => `GREATEST(0.0, ${at} - ${nowMs})`,
  },
  // The window's end is judged once, first (assignments see the ones before them); RETURNING gives the row as written.
  rateStatements: (table, batch) => ({
    hit: `INSERT INTO ${table} ("key", "count", ends_at) VALUES (?1, 1, (${nowMs} + ?2))
    ON DUPLICATE KEY UPDATE
      "count" = IF((@corral_ended := (ends_at <= ${nowMs})), 1, IF("count" >= 2000000000, "count", "count" + 1)),
      ends_at = IF(@corral_ended, VALUES(ends_at), ends_at)
    RETURNING "count" AS count, GREATEST(0.0, ends_at - ${nowMs}) AS reset_ms`,
    sweep: `DELETE FROM ${table} WHERE ends_at < ${nowMs} LIMIT ${batch}`,
  }),
  moment: (ms) => ms,
  // Equal times (one ms) keep the order accepted by the growing seq.
  jobOrder: 'created_at, seq',
  upsertWhen,
};
