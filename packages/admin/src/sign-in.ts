import type { VersionDescription } from '@corral/core';
import type { AdminSignIn } from './model-types.js';

/**
 * Where the issuer's metadata may be (RFC 8414 puts an issuer's with a path after the well-known
 * name; OpenID Connect after the issuer): the admin reads the first that answers.
 */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  const trimmed = issuer.replace(/\/$/, '');
  return [
    ...new Set([
      `${url.origin}/.well-known/oauth-authorization-server${path}`,
      `${trimmed}/.well-known/oauth-authorization-server`,
      `${trimmed}/.well-known/openid-configuration`,
    ]),
  ];
}

/** How the admin signs people in for this API: its issuer, client and redirect URI. */
export function signInOf(
  version: VersionDescription,
  adminPath: string,
  options: { readonly issuer?: string; readonly clientId?: string; readonly scopes?: readonly string[] },
): AdminSignIn {
  const issuer = options.issuer ?? (version.secured ? version.origin : '');
  return {
    issuer,
    metadataUrls: issuer ? metadataUrls(issuer) : [],
    clientId: options.clientId ?? 'corral-admin',
    redirectUri: version.origin ? `${version.origin}${adminPath}/callback` : '',
    scopes: options.scopes ?? version.scopes,
  };
}
