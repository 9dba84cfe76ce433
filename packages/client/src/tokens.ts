import type { Dispatcher } from 'undici';
import { failure } from './failures.js';
import { httpUrl, tokenEndpointOf } from './issuer-metadata.js';
import { requestGrant } from './token-grant.js';

/** Where the client gets the bearer token of each request. */
export interface TokenSource {
  /** A token that is valid now; concurrent callers share one fetch. */
  token(): Promise<string>;
  /** The server refused this token (401): forget it, so the next call fetches another. */
  refused(token: string): void;
}

/** Settings of the client-credentials token source (the `auth` option of `createClient`). */
export interface ClientCredentialsOptions {
  /**
   * The issuer's URL, exactly as its discovery metadata names it (`issuer`); the token endpoint is
   * read from that metadata, which is refused when it names another issuer.
   */
  readonly issuer: string;
  /** OAuth client id. */
  readonly clientId: string;
  /** OAuth client secret, sent with HTTP Basic authentication. */
  readonly clientSecret: string;
  /** Scopes to ask for, space-separated; the client's default scopes when omitted. */
  readonly scope?: string;
  /** Renew this many seconds before the token expires (default 30), so no request carries a token about to lapse. */
  readonly renewBeforeSeconds?: number;
  /** The clock, in milliseconds (default `Date.now`); tests move it forward. */
  readonly now?: () => number;
}

/** A fixed token, or a function giving one (your own source). */
export function staticToken(token: string | (() => string | Promise<string>)): TokenSource {
  return { token: async () => (typeof token === 'string' ? token : token()), refused: () => {} };
}

/**
 * Tokens of the OAuth 2.0 client-credentials grant: the endpoint found through discovery, the token
 * cached until shortly before it expires, and one renewal shared by every request waiting for it.
 */
export function clientCredentials(options: ClientCredentialsOptions, dispatcher: Dispatcher): TokenSource {
  if (httpUrl(options.issuer) === undefined)
    throw failure(
      'configuration',
      'createClient',
      `auth.issuer must be an http(s) URL; got ${JSON.stringify(options.issuer)}`,
    );
  const now = options.now ?? Date.now;
  const renewBeforeMs = (options.renewBeforeSeconds ?? 30) * 1000;
  let endpoint: Promise<string> | undefined;
  let current: { token: string; renewAt: number } | undefined;
  let renewing: Promise<string> | undefined;
  const basic = Buffer.from(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
  ).toString('base64');

  async function fetchToken(): Promise<string> {
    endpoint ??= tokenEndpointOf(options.issuer, dispatcher).catch((error: unknown) => {
      endpoint = undefined; // a failed discovery is tried again by the next request
      throw error;
    });
    const grant = await requestGrant(await endpoint, basic, options.scope, dispatcher);
    const lifetimeMs = typeof grant.expires_in === 'number' ? grant.expires_in * 1000 : 60_000;
    current = { token: grant.access_token, renewAt: now() + Math.max(0, lifetimeMs - renewBeforeMs) };
    return grant.access_token;
  }

  return {
    token() {
      if (current && now() < current.renewAt) return Promise.resolve(current.token);
      renewing ??= fetchToken().finally(() => (renewing = undefined));
      return renewing;
    },
    refused(token) {
      if (current?.token === token) current = undefined;
    },
  };
}
