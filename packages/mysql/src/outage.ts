import { ApiError } from '@corral/core';

/**
 * What mysql2 and node say when a connection is refused, cut or gone: node's socket codes, mysql2's
 * own, and the server's (1053 shutting down, 1927 connection killed, 2006/2013 server gone).
 */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'CR_SERVER_GONE_ERROR',
  'CR_SERVER_LOST',
]);
const connectionErrnos = new Set([1053, 1927, 2006, 2013, 4031]);
const connectionMessages = /closed state|Connection lost|Pool is closed|connect ETIMEDOUT|Can't write in closed/i;

type Coded = { code?: unknown; errno?: unknown; message?: unknown; fatal?: unknown };

/** Whether the connection itself failed (it must not go back to the pool), not the statement. */
export function isConnectionLoss(error: unknown): boolean {
  const { code, errno, message, fatal } = (error ?? {}) as Coded;
  if (fatal === true) return true;
  if (typeof code === 'string' && connectionCodes.has(code)) return true;
  if (typeof errno === 'number' && connectionErrnos.has(errno)) return true;
  return typeof message === 'string' && connectionMessages.test(message);
}

/** Whether mysql2 refused a command on a connection it already knew to be closed: nothing was sent. */
export function neverSent(error: unknown): boolean {
  return /closed state/.test(String((error as { message?: unknown } | undefined)?.message));
}

/** Lost races: a deadlock (1213, rolled back whole), a lock wait timeout (1205), a changed record (1020). */
const raceErrnos = new Set([1213, 1205, 1020]);

/** Whether an error says the statement or unit lost a race with another writer. */
export function lostARace(error: unknown): boolean {
  const { errno } = (error ?? {}) as Coded;
  return typeof errno === 'number' && raceErrnos.has(errno);
}

/** Whether the database could not serve the statement now: connections lost, too many clients, races lost too often. */
export function isOutage(error: unknown): boolean {
  const { errno } = (error ?? {}) as Coded;
  return isConnectionLoss(error) || lostARace(error) || errno === 1040 || errno === 1203;
}

/** Runs in all (the first included) before a lost race reaches the caller. */
export const raceAttempts = 10;

/** A random wait before run `attempt + 1`, bounded by 2 ms doubling to 128 ms, so colliding writers spread out. */
export function backoff(attempt: number): Promise<void> {
  const bound = Math.min(2 ** attempt, 128);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * bound));
}

/** A 503 with Retry-After where the database could not serve the request (nothing was changed). */
export function asOutage(error: unknown): unknown {
  if (error instanceof ApiError || !isOutage(error)) return error;
  return new ApiError(
    'serviceUnavailable',
    'The database could not be reached or was busy, and nothing was changed; send the request again after the Retry-After delay',
    { headers: { 'retry-after': '1' }, cause: error },
  );
}

/** A write whose connection broke after COMMIT was sent: it may have been applied. */
export function outcomeUnknown(error: unknown): ApiError {
  return new ApiError(
    'writeOutcomeUnknown',
    'The connection to the database broke after the write was sent and before its answer came, so it may or may not have been applied: read the resource before writing again, or send the request again with the same Idempotency-Key',
    { cause: error },
  );
}

/** Why a connection could not be made, in words. */
const reasons: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'nothing accepts connections there',
  ENOTFOUND: 'the host name is not known',
  EHOSTUNREACH: 'the host cannot be reached',
  ETIMEDOUT: 'no connection was made in time',
  ER_BAD_DB_ERROR: 'the database does not exist (create it first, e.g. CREATE DATABASE zoo)',
  ER_ACCESS_DENIED_ERROR: 'the server refused the user or password',
  ER_CON_COUNT_ERROR: 'the server has no connection left (too many clients)',
};

/** `host:port/database` of a connection string, without user or password. */
export function connectionTarget(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const database = decodeURIComponent(url.pathname.slice(1));
    return `${url.hostname || 'localhost'}:${url.port || '3306'}${database ? `/${database}` : ''}`;
  } catch {
    return 'the server its connection string names';
  }
}

/**
 * The start-up error for a server that cannot be reached or refuses the connection: where and why,
 * in the message. Undefined for any other failure.
 */
export function unreachableError(error: unknown, connectionString: string): Error | undefined {
  const cause = error instanceof ApiError && error.cause !== undefined ? error.cause : error;
  const { code, message } = (cause ?? {}) as Coded;
  const why = typeof code === 'string' ? reasons[code] : undefined;
  if (!why) return undefined;
  const said = typeof message === 'string' && message ? ` (${message})` : '';
  return new Error(
    `@corral/mysql: cannot use the MariaDB/MySQL server at ${connectionTarget(connectionString)}: ${why}${said}`,
    { cause },
  );
}
