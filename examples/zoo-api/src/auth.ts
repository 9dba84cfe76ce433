import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authenticator } from '@corral/core';
import { oauth } from '@corral/oauth';
import type { ZooConfig } from './config.js';
import type { SigningKeys } from './signing-keys.js';

/** A plain node:http request handler. */
type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The API's token check, and the embedded authorization server to serve beside it (if any). */
export interface ZooAuth {
  readonly authenticator: Authenticator;
  /** Where clients get tokens, as the API documentation names it. */
  readonly tokenUrl: string;
  /** What the documentation says of the tokens: their format, lifetime and how they are checked. */
  readonly tokenDescription: string;
  readonly mounts: Record<string, (req: IncomingMessage, res: ServerResponse) => void>;
  /** Resolves once the embedded server's signing keys are read (they may live in the database). */
  readonly ready?: () => Promise<void>;
}

/** What each scope allows, for the API documentation. */
export const scopeDescriptions: Readonly<Record<string, string>> = {
  'zoo:read': 'Read zoos and animals',
  'zoo:write': 'Create, change and delete zoos and animals',
  'staff:read': 'Read employees',
  'staff:write': 'Create, change and delete employees',
  'salary:read': 'Read salary statements',
  'salary:write': 'Create, change and delete salary statements',
  'crm:read': 'Read customers and suppliers',
  'crm:write': 'Create, change and delete customers and suppliers',
  'webhooks:write': 'Subscribe to events with webhooks, and manage those subscriptions',
};

/** The pages that may call the API and the token endpoint from a browser: the service's own two origins, then CORS_ORIGINS. */
export function allowedOrigins(config: ZooConfig, localOrigin: string): string[] {
  return [...new Set([new URL(config.publicUrl).origin, new URL(localOrigin).origin, ...config.corsOrigins])];
}

/**
 * The authenticator and the token endpoint: an external issuer's, or the embedded server's, whose
 * signing keys the API takes in process. `limitTokens` wraps the embedded server's handler, so
 * that token requests are rate-limited too.
 */
export async function setUpAuth(
  config: ZooConfig,
  localOrigin: string,
  limitTokens: (handler: NodeHandler) => NodeHandler = (handler) => handler,
  signingKeys?: SigningKeys,
): Promise<ZooAuth> {
  if (config.oauth.kind === 'external') {
    const { issuer, audience, algorithms } = config.oauth;
    return {
      authenticator: oauth({ issuer, audience, algorithms }),
      tokenUrl: config.oauth.tokenUrl,
      tokenDescription: tokenChecks(algorithms),
      mounts: {},
    };
  }
  // Loaded only when embedded: oidc-provider switches on AsyncLocalStorage, which makes every
  // promise of the process a little slower; an API trusting an external issuer does without it.
  const { createAuthorizationServer, newSigningKey } = await import('@corral/auth-server');
  // OAUTH_SIGNING_KEY first, then the keys kept beside the records (read when the database answers):
  // tokens outlive a restart and pass on every instance.
  const keys = config.oauth.signingKey ? [config.oauth.signingKey] : signingKeys && (() => signingKeys(newSigningKey));
  const server = await createAuthorizationServer({
    ...(keys ? { signingKeys: keys } : {}),
    issuer: config.oauth.issuer,
    audience: config.oauth.audience,
    clients: config.oauth.clients,
    // People sign in to the admin UI, a public client sent back to its callback under PUBLIC_URL.
    users: config.oauth.users,
    publicClients: [
      {
        clientId: config.admin.clientId ?? 'corral-admin',
        redirectUris: [config.admin.redirectUri],
        postLogoutRedirectUris: [config.admin.postLogoutRedirectUri, `${config.admin.postLogoutRedirectUri}/`],
      },
    ],
    // The docs page may be opened through PUBLIC_URL, the listening address or a CORS_ORIGINS page: all may ask for tokens.
    corsOrigins: allowedOrigins(config, localOrigin),
    accessTokenTtlSeconds: embeddedTokenTtlSeconds,
  });
  const authenticator = oauth({
    issuer: config.oauth.issuer,
    audience: config.oauth.audience,
    algorithms: ['ES256'],
    // The issuer is this very process: its keys are read in process, never fetched from our own
    // address (which a stopping server no longer answers, and which the token limit would count).
    keys: () => server.publicKeys(),
    allowInsecureIssuer: true,
  });
  // A path, not a URL: the docs page then asks for tokens on its own origin, whatever host name it was opened with.
  const lifetime = `Tokens expire ${embeddedTokenTtlSeconds / 60} minutes after they are issued; the grant issues no refresh token, so ask for a new token instead.`;
  return {
    authenticator,
    tokenUrl: '/oauth/token',
    tokenDescription: `${tokenChecks(['ES256'])} ${lifetime}`,
    // The metadata also where RFC 8414 puts it for an issuer with a path, where oauth4webapi looks.
    mounts: { '/oauth': limitTokens(server.handle), [server.metadataPath]: server.handle },
    ready: () => server.ready(),
  };
}

/** Access tokens of the embedded server live this long. */
const embeddedTokenTtlSeconds = 3600;

/** How the API checks a token, in the words the OWASP ruleset looks for (RFC8725: JWT best current practices). */
function tokenChecks(algorithms: readonly string[]): string {
  return `Tokens are JWTs of type at+jwt (RFC 9068), checked as RFC8725 advises: signed with ${algorithms.join(' or ')} only, with the expected issuer and audience, and not expired.`;
}
