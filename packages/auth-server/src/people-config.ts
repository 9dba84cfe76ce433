import type { ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { CorralError } from '@corral/errors';
import type { Accounts } from './accounts.js';
import { messagePage, page, pageHeaders } from './login-page.js';
import type { AuthorizationServerOptions, PublicClientDefinition } from './options.js';

/** Facts the people's part of the configuration is made from. */
export interface PeopleFacts {
  readonly options: AuthorizationServerOptions;
  readonly accounts: Accounts;
  readonly issuerPath: string;
  /** Every scope some person has. */
  readonly userScopes: readonly string[];
  /** Keys the provider signs its cookies with; the same across key rotations. */
  readonly cookieKeys: readonly string[];
  /** Origins apps get people back at, for the pages' form-action. */
  readonly formTargets: readonly string[];
}

const invalid = (message: string) =>
  new CorralError('CORRAL_INVALID_PUBLIC_CLIENT', `createAuthorizationServer: ${message}`);

/** Checks a public client's settings and gives the origins of its redirects. */
export function checkPublicClient(client: PublicClientDefinition, index: number): string[] {
  if (typeof client?.clientId !== 'string' || client.clientId === '')
    throw invalid(`publicClients[${index}].clientId must be a non-empty string`);
  const uris = [...(client.redirectUris ?? []), ...(client.postLogoutRedirectUris ?? [])];
  if ((client.redirectUris ?? []).length === 0) throw invalid(`publicClients[${index}].redirectUris is empty`);
  return uris.map((uri) => {
    const url = URL.canParse(uri) ? new URL(uri) : undefined;
    if (!url || !/^https?:$/.test(url.protocol) || url.hash !== '')
      throw invalid(`publicClients[${index}]: "${uri}" is not an absolute http(s) URL without a fragment`);
    return url.origin;
  });
}

/** The registration of a public client: code + PKCE, refresh tokens, no secret. */
export function publicClientMetadata(client: PublicClientDefinition, scopes: readonly string[]): ClientMetadata {
  return {
    client_id: client.clientId,
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [...client.redirectUris],
    post_logout_redirect_uris: [...(client.postLogoutRedirectUris ?? [])],
    scope: scopes.join(' '),
    id_token_signed_response_alg: 'ES256',
  };
}

const setPageHeaders = (ctx: KoaContextWithOIDC, formTargets: readonly string[]) => {
  for (const [name, value] of Object.entries(pageHeaders(formTargets))) ctx.set(name, value);
};

/** The parts of oidc-provider's configuration that let people sign in. */
export function peopleConfiguration(facts: PeopleFacts): Partial<Configuration> {
  const { options, accounts, issuerPath, formTargets } = facts;
  const session = options.sessionTtlSeconds ?? 8 * 3600;
  const stylesheet = `${issuerPath}/login.css`;
  return {
    findAccount: (_ctx, sub) => (accounts.scopesOf(sub) ? { accountId: sub, claims: () => ({ sub }) } : undefined),
    interactions: { url: (_ctx, interaction) => `${issuerPath}/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    // Every sign-in of a public client gets a refresh token (no offline_access needed), a new one at each use.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    cookies: {
      keys: [...facts.cookieKeys],
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    ttl: {
      AccessToken: options.userAccessTokenTtlSeconds ?? 900,
      Session: session,
      Grant: session,
      RefreshToken: session,
      Interaction: 600,
      AuthorizationCode: 60,
    },
    // Errors oidc-provider shows itself (a bad authorization request): a page in the login page's
    // style and headers for a browser, JSON like every other answer of the server for the rest.
    renderError: async (ctx, out) => {
      if (!/\btext\/html\b/.test(ctx.get('accept'))) {
        ctx.type = 'application/json; charset=utf-8';
        ctx.body = { error: out.error, ...(out.error_description ? { error_description: out.error_description } : {}) };
        return;
      }
      setPageHeaders(ctx, formTargets);
      ctx.body = messagePage(
        'Sign-in failed',
        out.error_description ?? out.error ?? 'The request was refused.',
        stylesheet,
      );
    },
  };
}

/** The sign-out pages (end-session endpoint), for features.rpInitiatedLogout. */
export function signOutPages(formTargets: readonly string[], stylesheet: string) {
  return {
    enabled: true,
    logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
      setPageHeaders(ctx, formTargets);
      // `form` is oidc-provider's hidden form with its own anti-forgery field; the buttons submit it.
      ctx.body = page(
        'Sign out',
        `${form}
<p>Apps you signed in to here lose their access until you sign in again.</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
        stylesheet,
      );
    },
    postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
      setPageHeaders(ctx, formTargets);
      ctx.body = messagePage('Signed out', 'You are signed out.', stylesheet);
    },
  };
}
