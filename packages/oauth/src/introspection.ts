import { createHash } from 'node:crypto';
import { request } from 'undici';
import { invalidToken } from './bearer-token.js';
import { ExpiringCache } from './expiring-cache.js';
import type { IntrospectionOptions } from './options.js';
import { audienceMatches, principalFrom } from './principal.js';
import type { OAuthPrincipal } from './types.js';

export interface IntrospectorOptions extends IntrospectionOptions {
  readonly issuer: string;
  readonly audience: string;
  readonly realm: string;
  readonly timeoutMs: number;
  readonly resolveEndpoint: () => Promise<string>;
  readonly now: () => number;
}

/**
 * Asks the authorization server about opaque tokens (RFC 7662). Answers are reused briefly, keyed
 * by a hash of the token so that the cache never holds a usable credential.
 */
export function introspector(options: IntrospectorOptions): (token: string) => Promise<OAuthPrincipal> {
  const cacheTtlMs = options.cacheTtlMs ?? 10_000;
  const cache = new ExpiringCache<OAuthPrincipal | 'inactive'>(10_000, options.now);
  const credentials = Buffer.from(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
  ).toString('base64');

  return async (token) => {
    const key = createHash('sha256').update(token).digest('base64url');
    const cached = cache.get(key);
    if (cached === 'inactive') throw invalidToken(options.realm, 'The access token is not active');
    if (cached) return cached;

    const response = await request(await options.resolveEndpoint(), {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new Error(`Token introspection answered HTTP ${response.statusCode}`);
    }
    const answer = (await response.body.json()) as Record<string, unknown>;
    const exp = typeof answer.exp === 'number' ? answer.exp * 1000 : Infinity;
    const usable =
      answer.active === true &&
      exp > options.now() &&
      (answer.iss === undefined || answer.iss === options.issuer) &&
      (answer.aud === undefined || audienceMatches(answer.aud, options.audience));
    const until = Math.min(options.now() + cacheTtlMs, exp);
    if (!usable) {
      cache.set(key, 'inactive', until);
      throw invalidToken(options.realm, 'The access token is not active');
    }
    const principal = principalFrom(answer);
    cache.set(key, principal, until);
    return principal;
  };
}
