import { ApiError } from '@corral/core';

/**
 * SQLSTATE classes and codes that say the database could not serve the statement, not that the
 * statement was wrong: connection failures (08), shutdowns and restarts (57P01-57P03), too many
 * connections (53300), and a unit of work that kept losing races (40001, 40P01) after its retries.
 */
const unavailableCodes = new Set(['57P01', '57P02', '57P03', '53300', '40001', '40P01']);
/** What node and pg say when a connection is refused, cut or gone. */
const connectionFailures = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const connectionMessages =
  /Connection terminated|connection error and is not queryable|Client was closed|timeout exceeded when trying to connect/i;

/**
 * Whether the connection itself failed (it must not go back to the pool), as opposed to a busy
 * database or a lost race.
 */
export function isConnectionLoss(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P') || connectionFailures.has(code)))
    return true;
  return typeof message === 'string' && connectionMessages.test(message);
}

/** Whether an error means that the database could not serve the statement (try again later). */
export function isOutage(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || unavailableCodes.has(code) || connectionFailures.has(code)))
    return true;
  return typeof message === 'string' && connectionMessages.test(message);
}

/**
 * The error a client gets: 503 with Retry-After when the database could not serve the request,
 * the error itself otherwise. A write whose connection was cut may or may not have been applied
 * (the server may have committed it just before): the message says so, and an idempotency key
 * does not help there (a 5xx frees it).
 */
export function asOutage(error: unknown): unknown {
  if (!isOutage(error)) return error;
  return new ApiError(
    'serviceUnavailable',
    'The database could not be reached or was busy; send the request again after the Retry-After delay. A write cut off this way may have been applied: read the resource before sending it again',
    {
      headers: { 'retry-after': '1' },
      cause: error,
    },
  );
}
