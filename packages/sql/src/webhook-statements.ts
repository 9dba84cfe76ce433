import type { SqlDialect } from './sql-dialect.js';

/**
 * The statements of the webhook tables; `$n` below stands for the dialect's n-th placeholder.
 * Times are whole ms of the callers' clock. A held step names its lease as $1 id, $2 holder,
 * $3 claim count, $4 now: it changes nothing once the lease ran out or was taken over.
 */
export function webhookStatements(dialect: SqlDialect) {
  const p = dialect.placeholder;
  const ms = dialect.kept.wholeMs;
  const hooks = dialect.table('corral_webhooks');
  const attempts = dialect.table('corral_webhook_attempts');
  const letters = dialect.table('corral_webhook_dead_letters');
  const lock = dialect.can.skipLocked ? ' FOR UPDATE' : '';
  const skip = dialect.can.skipLocked ? ' FOR UPDATE SKIP LOCKED' : '';
  const held = `id = ${p(1)} AND holder = ${p(2)} AND claims = ${p(3)} AND lease_until > ${p(4)}`;
  const live = `lease_until > ${p(1)}`;
  const ready = `status = 'active' AND ready_at <= ${p(1)} AND (lease_until IS NULL OR lease_until <= ${p(1)})`;
  const claimed = `holder = ${p(2)}, claims = claims + 1, lease_until = ${p(3)}, ready_at = ${p(1)}, woken = 0`;
  const newest = (table: string) =>
    `SELECT body FROM ${table} WHERE subscription_id = ${p(1)} ORDER BY seq DESC LIMIT ${p(2)} OFFSET ${p(3)}`;
  const counted = (table: string) => `SELECT count(*) AS n FROM ${table} WHERE subscription_id = ${p(1)}`;
  /** Keeps the newest $2 rows of subscription $1. */
  const bound = (table: string) =>
    `DELETE FROM ${table} WHERE subscription_id = ${p(1)} AND seq <= (SELECT seq FROM (SELECT seq FROM ${table} WHERE subscription_id = ${p(1)} ORDER BY seq DESC LIMIT 1 OFFSET ${p(2)}) AS kept)`;
  return {
    /** Adds a subscription. */
    insert: `INSERT INTO ${hooks} (id, owner, created_at, status, version, body, log_position, resends, ready_at) VALUES (${[1, 2, 3, 4, 5, 6, 7, 8, 9].map(p).join(', ')})`,
    /** Reads one subscription. */
    one: `SELECT * FROM ${hooks} WHERE id = ${p(1)}`,
    /** Reads one subscription, locked for the unit that changes it. */
    locked: `SELECT * FROM ${hooks} WHERE id = ${p(1)}${lock}`,
    /** Reads one page of an owner's subscriptions, oldest first. */
    list: `SELECT * FROM ${hooks} WHERE owner = ${p(1)} ORDER BY created_at, id LIMIT ${p(2)} OFFSET ${p(3)}`,
    /** Counts an owner's subscriptions. */
    count: `SELECT count(*) AS n FROM ${hooks} WHERE owner = ${p(1)}`,
    /** $1 id: status $2, version $3, body $4, ready at $5, dead-lettering since $6. */
    change: `UPDATE ${hooks} SET status = ${p(2)}, version = ${p(3)}, body = ${p(4)}, ready_at = ${p(5)}, dead_since = ${p(6)} WHERE id = ${p(1)}`,
    /** Deletes a subscription, its attempts and its dead letters. */
    remove: [hooks, attempts, letters].map(
      (table) => `DELETE FROM ${table} WHERE ${table === hooks ? 'id' : 'subscription_id'} = ${p(1)}`,
    ),
    /** $1 now, $2 holder, $3 the lease's end. */
    claim: `UPDATE ${hooks} SET ${claimed} WHERE id = (SELECT id FROM ${hooks} WHERE ${ready} ORDER BY ready_at LIMIT 1${skip}) RETURNING *`,
    /** Finds the subscription ready longest (skipping locked ones where the database can). */
    next: `SELECT id FROM ${hooks} WHERE ${ready} ORDER BY ready_at LIMIT 1${skip}`,
    /** `claim` of subscription $4, for engines without UPDATE ... RETURNING. */
    take: `UPDATE ${hooks} SET ${claimed} WHERE id = ${p(4)}`,
    /** Extends a live lease. */
    renew: `UPDATE ${hooks} SET lease_until = ${p(5)} WHERE ${held}`,
    /** Ready at $4 (now) when woken meanwhile, else at $5. */
    release: `UPDATE ${hooks} SET holder = NULL, lease_until = NULL, ready_at = CASE WHEN woken = 1 THEN ${ms(p(4))} ELSE ${ms(p(5))} END, woken = 0 WHERE id = ${p(1)} AND holder = ${p(2)} AND claims = ${p(3)}`,
    /** Marks idle subscriptions ready now that changes were committed. */
    wake: `UPDATE ${hooks} SET woken = CASE WHEN ${live} THEN 1 ELSE woken END, ready_at = CASE WHEN ${live} THEN ready_at ELSE ${p(1)} END WHERE status = 'active' AND failing IS NULL AND ((${live} AND woken = 0) OR ((lease_until IS NULL OR lease_until <= ${p(1)}) AND ready_at > ${p(1)}))`,
    /** Moves the delivery position on (lease holder only). */
    advance: `UPDATE ${hooks} SET log_position = ${p(5)}, failing = NULL WHERE ${held}`,
    /** Moves the position on after a delivery, ending a run of dead letters. */
    delivered: `UPDATE ${hooks} SET log_position = ${p(5)}, failing = NULL, dead_since = NULL WHERE ${held}`,
    /** Keeps the failing event and when to try it again. */
    retryLater: `UPDATE ${hooks} SET failing = ${p(5)}, woken = 0 WHERE ${held}`,
    /** Gives up on the failing event and moves on. */
    deadLetter: `UPDATE ${hooks} SET log_position = ${p(5)}, failing = NULL, dead_since = COALESCE(dead_since, ${p(4)}) WHERE ${held}`,
    /** Keeps what remains of the queue of events to send again. */
    resent: `UPDATE ${hooks} SET resends = ${p(5)} WHERE ${held}`,
    /** Resends $2 of subscription $1, asked at $3. */
    resend: `UPDATE ${hooks} SET resends = ${p(2)}, ready_at = CASE WHEN ready_at > ${p(3)} THEN ${p(3)} ELSE ready_at END, woken = CASE WHEN lease_until IS NOT NULL THEN 1 ELSE woken END WHERE id = ${p(1)}`,
    /** Reads the positions still to deliver of active subscriptions. */
    active: `SELECT log_position, failing FROM ${hooks} WHERE status = 'active'`,
    /** Records one delivery attempt. */
    attempt: `INSERT INTO ${attempts} (subscription_id, body) VALUES (${p(1)}, ${p(2)})`,
    /** Reads attempts, newest first. */
    attempts: newest(attempts),
    /** Counts a subscription's attempts. */
    attemptCount: counted(attempts),
    /** Drops the oldest attempts past the number kept. */
    boundAttempts: bound(attempts),
    /** Deletes one dead letter. */
    dropLetter: `DELETE FROM ${letters} WHERE subscription_id = ${p(1)} AND log_position = ${p(2)}`,
    /** Keeps a dead letter. */
    letter: `INSERT INTO ${letters} (subscription_id, log_position, body) VALUES (${p(1)}, ${p(2)}, ${p(3)})`,
    /** Reads the body of a dead letter. */
    letterAt: `SELECT body FROM ${letters} WHERE subscription_id = ${p(1)} AND log_position = ${p(2)}`,
    /** Reads dead letters, newest first. */
    letters: newest(letters),
    /** Counts a subscription's dead letters. */
    letterCount: counted(letters),
    /** Drops the oldest dead letters past the number kept. */
    boundLetters: bound(letters),
  };
}

/** The statements of the webhook tables in one dialect. */
export type WebhookStatements = ReturnType<typeof webhookStatements>;
