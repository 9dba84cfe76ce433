/** Quotes a value for an auth-param of WWW-Authenticate (RFC 7235 quoted-string). */
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]/g, ' ')}"`;
}

/**
 * Builds a `WWW-Authenticate: Bearer ...` value (RFC 6750 section 3). Without `error`, it only says
 * which scheme to use, as for a request that carried no token at all.
 */
export function bearerChallenge(realm: string, error?: { code: string; description?: string; scope?: string }): string {
  const params = [`realm=${quoted(realm)}`];
  if (error) {
    params.push(`error=${quoted(error.code)}`);
    if (error.description) params.push(`error_description=${quoted(error.description)}`);
    if (error.scope) params.push(`scope=${quoted(error.scope)}`);
  }
  return `Bearer ${params.join(', ')}`;
}
