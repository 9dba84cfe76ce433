import type { RequestContext } from '@corral/core';

/**
 * The key of a caller who sends no verified token: the connection's address. Behind a proxy every
 * request shows the proxy's address, so pass `keyFor` to read the client's own (from a header only
 * that proxy can set). Requests with no known address share one counter, which fails safe.
 */
export function addressKey(context: RequestContext): string {
  return context.remoteAddress ?? 'unknown';
}

/**
 * The key of an authenticated caller: its OAuth client (`client_id`), else the token's subject. A
 * token a person got through an app (its subject is not the client) counts against that person in
 * that app: everyone signed in to one admin UI shares its `client_id`, not its quota.
 */
export function clientKey(context: RequestContext): string | undefined {
  const principal = context.principal;
  if (!principal) return undefined;
  const { clientId, subject } = principal;
  if (clientId === undefined || subject === '' || subject === clientId) return clientId ?? subject;
  return JSON.stringify([clientId, subject]);
}
