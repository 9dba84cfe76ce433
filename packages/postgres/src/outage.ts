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

/** Refusals that say the server cannot take a connection now: trying again at once would not help. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', '57P03', '53300']);

/**
 * Whether the database cannot be reached or will not take connections now (refused, unknown host,
 * no connection within the timeout, starting up or shutting down, too many connections), as
 * opposed to a connection that was cut.
 */
export function isUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && unreachableCodes.has(code)) return true;
  return (
    typeof message === 'string' && /timeout exceeded when trying to connect|due to connection timeout/i.test(message)
  );
}

/** Whether pg refused to send the statement because the connection had already failed or closed. */
export function wasNotSent(error: unknown): boolean {
  const { message } = (error ?? {}) as { message?: unknown };
  return typeof message === 'string' && /is not queryable/.test(message);
}

/**
 * The error a client gets: 503 with Retry-After when the database could not serve the request
 * (nothing was changed: a write whose connection was cut answers {@link outcomeUnknown} instead),
 * the error itself otherwise.
 */
export function asOutage(error: unknown): unknown {
  if (error instanceof ApiError || !isOutage(error)) return error;
  return new ApiError(
    'serviceUnavailable',
    'The database could not be reached or was busy, and nothing was changed; send the request again after the Retry-After delay',
    {
      headers: { 'retry-after': '1' },
      cause: error,
    },
  );
}

/**
 * What a write whose connection broke after it was sent answers: the server may have applied it
 * just before. No Retry-After, since sending it again as it is may apply it twice.
 */
export function outcomeUnknown(error: unknown): ApiError {
  return new ApiError(
    'writeOutcomeUnknown',
    'The connection to the database broke after the write was sent and before its answer came, so it may or may not have been applied: read the resource before writing again, or send the request again with the same Idempotency-Key',
    { cause: error },
  );
}
