import { ApiError } from '@corral/core';
import { isUnreachable } from './outage.js';

/** Why a connection could not be made, in words, by node's or PostgreSQL's code. */
const reasons: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'nothing accepts connections there',
  ENOTFOUND: 'the host name is not known',
  EHOSTUNREACH: 'the host cannot be reached',
  ETIMEDOUT: 'no connection was made in time',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'the server has no connection left (too many clients)',
};

/** Where a connection string points, without its user or password: `host:port/database`. */
export function connectionTarget(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const database = decodeURIComponent(url.pathname.slice(1));
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${database ? `/${database}` : ''}`;
  } catch {
    return 'the server its connection string names';
  }
}

/**
 * The start-up error for a database that cannot be reached: what (PostgreSQL), where (host, port,
 * database) and why, in the message, where a request would get a 503 with all that hidden in its
 * cause. Undefined for any other failure.
 */
export function unreachableError(error: unknown, connectionString: string): Error | undefined {
  const cause = error instanceof ApiError && error.cause !== undefined ? error.cause : error;
  if (!isUnreachable(cause)) return undefined;
  const { code, message } = cause as { code?: unknown; message?: unknown };
  const why = (typeof code === 'string' ? reasons[code] : undefined) ?? 'no connection was made in time';
  const said = typeof message === 'string' && message ? ` (${message})` : '';
  return new Error(
    `@corral/postgres: cannot reach the PostgreSQL server at ${connectionTarget(connectionString)}: ${why}${said}. ` +
      'Check the connection string and that the server is running and accepts connections from here',
    { cause },
  );
}
