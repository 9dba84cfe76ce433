import { onConflictUpsert, type KeptSql } from '@corral/sql';
import { createSchemaSql, indexIfMissing } from './ddl.js';

/** Makes the schema when missing, one process at a time (the advisory lock of the schema). */
const inSchema = (schema: string, ...statements: string[]) => [
  `SELECT pg_advisory_xact_lock(hashtext('corral:' || '${schema.replaceAll("'", "''")}'))`,
  createSchemaSql(schema),
  ...statements,
];

/** A moment with its microseconds, so jobs accepted within one ms keep their order. */
function moment(ms: number): string {
  const whole = Math.floor(ms);
  const micro = String(Math.floor((ms - whole) * 1000)).padStart(3, '0');
  return `${new Date(whole).toISOString().slice(0, -1)}${micro}Z`;
}

/** The jobs and idempotency tables in the schema (`schema` quoted). */
export function postgresKept(schema: string): KeptSql {
  const jobs = `${schema}.corral_jobs`;
  const keys = `${schema}.corral_idempotency`;
  const counters = `${schema}.corral_rate_limits`;
  const hooks = `${schema}.corral_webhooks`;
  const listed = (table: string, key: string) =>
    `CREATE TABLE IF NOT EXISTS ${schema}.${table} (seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, subscription_id text NOT NULL${key}, body text NOT NULL)`;
  return {
    jobsTable: () =>
      inSchema(
        schema,
        `CREATE TABLE IF NOT EXISTS ${jobs} (id uuid PRIMARY KEY, status text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz, scope text, subject text, request jsonb NOT NULL, result jsonb, lease_until timestamptz, attempts integer NOT NULL DEFAULT 0)`,
        indexIfMissing(schema, 'corral_jobs_waiting', `${jobs} (created_at) WHERE status IN ('queued', 'running')`),
        indexIfMissing(schema, 'corral_jobs_finished', `${jobs} (finished_at) WHERE finished_at IS NOT NULL`),
      ),
    idempotencyTable: () =>
      inSchema(
        schema,
        `CREATE TABLE IF NOT EXISTS ${keys} (scope text NOT NULL, key text NOT NULL, token text NOT NULL, fingerprint text NOT NULL,
      expires_at bigint NOT NULL, lease_until bigint NOT NULL, answer text, PRIMARY KEY (scope, key))`,
        // The sweep finds expired keys through it rather than reading the table.
        indexIfMissing(schema, 'corral_idempotency_expiry', `${keys} (expires_at)`),
      ),
    webhooksTable: () =>
      inSchema(
        schema,
        `CREATE TABLE IF NOT EXISTS ${hooks} (id text PRIMARY KEY, owner text NOT NULL, created_at bigint NOT NULL, status text NOT NULL,
      version integer NOT NULL, body text NOT NULL, log_position text NOT NULL, failing text, dead_since bigint, resends text NOT NULL,
      ready_at bigint NOT NULL, holder text, claims integer NOT NULL DEFAULT 0, lease_until bigint, woken integer NOT NULL DEFAULT 0)`,
        indexIfMissing(schema, 'corral_webhooks_owner', `${hooks} (owner, created_at, id)`),
        indexIfMissing(schema, 'corral_webhooks_ready', `${hooks} (ready_at) WHERE status = 'active'`),
        listed('corral_webhook_attempts', ''),
        indexIfMissing(
          schema,
          'corral_webhook_attempts_of',
          `${schema}.corral_webhook_attempts (subscription_id, seq)`,
        ),
        listed('corral_webhook_dead_letters', ', log_position text NOT NULL, UNIQUE (subscription_id, log_position)'),
        indexIfMissing(
          schema,
          'corral_webhook_dead_letters_of',
          `${schema}.corral_webhook_dead_letters (subscription_id, seq)`,
        ),
      ),
    wholeMs: (placeholder) => `${placeholder}::bigint`,
    // The shape `postgresRateLimits` of @corral/rate-limit makes (unlogged, as it says why): both may share one table.
    rateLimitsTable: () =>
      inSchema(
        schema,
        `CREATE UNLOGGED TABLE IF NOT EXISTS ${counters} (key text PRIMARY KEY, count integer NOT NULL, ends_at timestamptz NOT NULL)`,
        indexIfMissing(schema, 'corral_rate_limits_ends', `${counters} (ends_at)`),
      ),
    // The statement's start: one moment for the whole upsert, by the server's clock.
    rateClock: {
      now: 'statement_timestamp()',
      after: (ms) => `statement_timestamp() + ${ms} * interval '1 millisecond'`,
      msUntil: (at) => `greatest(0, extract(epoch FROM ${at} - statement_timestamp()) * 1000)::float8`,
    },
    moment,
    jobOrder: 'created_at',
    upsertWhen: onConflictUpsert((n) => `$${n}`),
  };
}
