import { errors, type AdapterFactory, type Configuration } from 'oidc-provider';
import type { JWK } from 'jose';
import type { AuthorizationServerOptions } from './options.js';
import { type PeopleFacts, peopleConfiguration, publicClientMetadata, signOutPages } from './people-config.js';

/** oidc-provider's configuration for the embedded server; `people` when people sign in. */
export function providerConfiguration(
  options: AuthorizationServerOptions,
  keys: JWK[],
  adapter: AdapterFactory,
  people: PeopleFacts | undefined,
): Configuration {
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const userTtl = options.userAccessTokenTtlSeconds ?? 900;
  const formats = new Map(options.clients.map((c) => [c.clientId, c.tokenFormat ?? 'jwt']));
  const publicIds = new Set((people ? (options.publicClients ?? []) : []).map((c) => c.clientId));
  const allScopes = [...new Set([...options.clients.flatMap((c) => c.scopes), ...(people?.userScopes ?? [])])];
  const resourceServers = new Set(options.clients.filter((c) => c.scopes.length === 0).map((c) => c.clientId));
  const corsOrigins = new Set(options.corsOrigins ?? [new URL(options.issuer).origin]);
  return {
    adapter,
    jwks: { keys },
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    clients: [
      ...options.clients.map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        // A client with no scopes only authenticates (e.g. an API calling introspection): it gets no grant.
        grant_types: c.scopes.length > 0 ? ['client_credentials'] : [],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic' as const,
        ...(c.scopes.length > 0 ? { scope: c.scopes.join(' ') } : {}),
        id_token_signed_response_alg: 'ES256' as const,
      })),
      ...(people ? (options.publicClients ?? []).map((c) => publicClientMetadata(c, people.userScopes)) : []),
    ],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', ...(people ? (['none'] as const) : [])],
    scopes: allScopes,
    ...(people ? peopleConfiguration(people) : {}),
    ttl: { ClientCredentials: ttl, ...(people ? peopleConfiguration(people).ttl : {}) },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: people
        ? signOutPages(people.formTargets, `${people.issuerPath}/login.css`)
        : { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      clientCredentials: { enabled: true },
      // Only the resource servers (clients with no scopes of their own) may look at other clients'
      // tokens; a client may look at and revoke its own.
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) =>
          token.clientId === client.clientId || resourceServers.has(client.clientId),
      },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource, client) => {
          if (resource !== options.audience) throw new errors.InvalidTarget();
          const person = publicIds.has(client.clientId);
          return {
            scope: allScopes.join(' '),
            audience: options.audience,
            accessTokenTTL: person ? userTtl : ttl,
            accessTokenFormat: person ? 'jwt' : (formats.get(client.clientId) ?? 'jwt'),
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
  };
}
