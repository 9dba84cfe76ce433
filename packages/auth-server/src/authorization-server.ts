import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JWK } from 'jose';
import Provider, { errors, type Configuration } from 'oidc-provider';
import { applyDefaultScope } from './default-scope.js';
import type { AuthorizationServerOptions, ClientDefinition } from './options.js';
import { newSigningKey } from './signing-key.js';

/** A running authorization server, to mount in a node:http server at its issuer's path. */
export interface AuthorizationServer {
  readonly issuer: string;
  readonly tokenEndpoint: string;
  /** Serves requests whose path starts with the issuer's path (e.g. `/oauth/...`); others get 404. */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Starts signing with a new key; the old one stays published so tokens already issued still verify. */
  rotateKey(): Promise<void>;
}

function configuration(options: AuthorizationServerOptions, keys: JWK[]): Configuration {
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const formats = new Map(options.clients.map((c) => [c.clientId, c.tokenFormat ?? 'jwt']));
  const allScopes = [...new Set(options.clients.flatMap((c) => c.scopes))];
  const resourceServers = new Set(options.clients.filter((c) => c.scopes.length === 0).map((c) => c.clientId));
  const corsOrigins = new Set(options.corsOrigins ?? [new URL(options.issuer).origin]);
  return {
    jwks: { keys },
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      // A client with no scopes only authenticates (e.g. an API calling introspection): it gets no grant.
      grant_types: c.scopes.length > 0 ? ['client_credentials'] : [],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
      ...(c.scopes.length > 0 ? { scope: c.scopes.join(' ') } : {}),
      id_token_signed_response_alg: 'ES256',
    })),
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    scopes: allScopes,
    ttl: { ClientCredentials: ttl },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      // Only the resource servers (clients with no scopes of their own) may look at other clients'
      // tokens; a client may look at and revoke its own.
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId || resourceServers.has(client.clientId),
      },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource, client) => {
          if (resource !== options.audience) throw new errors.InvalidTarget();
          return {
            scope: allScopes.join(' '),
            audience: options.audience,
            accessTokenTTL: ttl,
            accessTokenFormat: formats.get(client.clientId) ?? 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
  };
}

/**
 * Starts a real OAuth 2.0 authorization server (oidc-provider) for the client-credentials grant,
 * with discovery, JWKS, token, introspection and revocation endpoints below the issuer.
 */
export async function createAuthorizationServer(options: AuthorizationServerOptions): Promise<AuthorizationServer> {
  const issuerPath = new URL(options.issuer).pathname.replace(/\/$/, '');
  const clients = new Map<string, ClientDefinition>(options.clients.map((c) => [c.clientId, c]));
  let keys = [await newSigningKey()];
  let callback = new Provider(options.issuer, configuration(options, keys)).callback();

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    if (issuerPath && url !== issuerPath && !url.startsWith(`${issuerPath}/`) && !url.startsWith(`${issuerPath}?`)) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    // Mounted below a path: oidc-provider routes on `url` and builds its links from `originalUrl`.
    Object.assign(req, { originalUrl: url, url: url.slice(issuerPath.length) || '/' });
    const run = req.method === 'POST' && /^\/token\/?(\?|$)/.test(req.url ?? '') ? applyDefaultScope(req, clients) : Promise.resolve();
    run.then(
      () => callback(req, res),
      () => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_request' })),
    );
  };

  return {
    issuer: options.issuer,
    tokenEndpoint: `${options.issuer.replace(/\/$/, '')}/token`,
    handle,
    async rotateKey() {
      keys = [await newSigningKey(), ...keys];
      callback = new Provider(options.issuer, configuration(options, keys)).callback();
    },
  };
}
