import type { RequestContext } from '@corral/core';

/**
 * The key of a caller who sends no verified token: the connection's address. Behind a proxy every
 * request shows the proxy's address, so pass `keyFor` to read the client's own (from a header only
 * that proxy can set). Requests with no known address share one counter, which fails safe.
 */
export function addressKey(context: RequestContext): string {
  return context.remoteAddress ?? 'unknown';
}

/** The key of an authenticated caller: its OAuth client (`client_id`), else the token's subject. */
export function clientKey(context: RequestContext): string | undefined {
  const principal = context.principal;
  if (!principal) return undefined;
  return principal.clientId ?? principal.subject;
}
