import { ApiError } from '@corral/errors';
import { bearerChallenge } from './challenge.js';
import type { BearerRequest } from './types.js';

/** RFC 6750 b64token: what a bearer token may consist of. */
const b64token = /^[A-Za-z0-9\-._~+/]+=*$/;

function invalidRequest(realm: string, message: string): ApiError {
  return new ApiError('invalidAuthorizationRequest', message, {
    headers: { 'www-authenticate': bearerChallenge(realm, { code: 'invalid_request', description: message }) },
  });
}

function invalidToken(realm: string, message: string): ApiError {
  return new ApiError('authenticationRequired', message, {
    headers: { 'www-authenticate': bearerChallenge(realm, { code: 'invalid_token', description: message }) },
  });
}

function noBearerCredential(realm: string): ApiError {
  return new ApiError('authenticationRequired', 'This API accepts only bearer tokens: Authorization: Bearer <token>', {
    headers: { 'www-authenticate': bearerChallenge(realm) },
  });
}

/**
 * The bearer token of a request, or undefined when it has none. Only the Authorization header
 * is accepted: a token in the URL leaks into logs and caches, and a second credential makes it
 * ambiguous who is calling. (A token in a form body can never be used: the API refuses any body
 * that is not JSON with 415.)
 */
export function bearerToken(
  request: BearerRequest,
  realm: string,
  known?: (token: string) => boolean,
): string | undefined {
  if (request.query.has('access_token'))
    throw invalidRequest(realm, 'Access tokens are accepted only in the Authorization header, never in the URL');
  const header = request.header('authorization');
  if (header === undefined) return undefined;
  // Fast path: a token already verified was well-formed then, so the format checks can be skipped.
  if (known && header.startsWith('Bearer ') && known(header.slice(7))) return header.slice(7);
  if (header.trim() === '') return undefined;
  // Repeated headers arrive joined with commas, which a b64token never contains.
  if (header.includes(',')) throw invalidRequest(realm, 'Send exactly one credential in one Authorization header');
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  if (!match) {
    // Another scheme (Basic, say) is no bearer credential at all: RFC 6750 wants a plain challenge then.
    if (!/^Bearer(\s|$)/i.test(header)) throw noBearerCredential(realm);
    throw invalidToken(realm, 'The Authorization header must use the Bearer scheme: Authorization: Bearer <token>');
  }
  const token = match[1]!;
  if (!b64token.test(token)) throw invalidToken(realm, 'The bearer token is malformed');
  return token;
}

export { invalidToken };
