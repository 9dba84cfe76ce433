import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONWebKeySet, JWK } from 'jose';
import Provider, { type AdapterFactory, errors, type Configuration } from 'oidc-provider';
import { applyDefaultScope, TokenRequestRefusal } from './default-scope.js';
import { replayedRequest } from './replayed-request.js';
import { serverMetadata } from './metadata.js';
import type { AuthorizationServerOptions, ClientDefinition } from './options.js';
import { checkSigningKey, newSigningKey, publicKeyOf } from './signing-key.js';
import { tokenStore } from './token-store.js';

/**
 * Paths below the issuer that are served: discovery, keys, token, and (for opaque tokens)
 * introspection and revocation.
 */
const servedPaths =
  /^\/(\.well-known\/(openid-configuration|oauth-authorization-server)|jwks|token(\/introspection|\/revocation)?)$/;
const discoveryPaths = /^\/\.well-known\/(openid-configuration|oauth-authorization-server)$/;
const wellKnown = '/.well-known/oauth-authorization-server';
const tokenCheckPaths = /^\/token\/(introspection|revocation)$/;
const json = 'application/json; charset=utf-8';

/** A running authorization server, to mount in a node:http server at its issuer's path. */
export interface AuthorizationServer {
  /** Issuer identifier as configured; give it to the API's `oauth({ issuer })`. */
  readonly issuer: string;
  /** Absolute URL clients post token requests to, e.g. for an OpenAPI security scheme. */
  readonly tokenEndpoint: string;
  /**
   * Serves requests whose path starts with the issuer's path (e.g. `/oauth/...`), and the
   * metadata at {@link AuthorizationServer.metadataPath}; others get 404.
   */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * Where RFC 8414 puts the metadata of an issuer with a path (`/.well-known/oauth-authorization-server/oauth`
   * for `https://host/oauth`), where clients such as oauth4webapi look for it: mount `handle` there too.
   */
  readonly metadataPath: string;
  /** Starts signing with a new key; the old one stays published so tokens already issued still verify. */
  rotateKey(): Promise<void>;
  /**
   * The public keys tokens are signed with, as the JWKS endpoint serves them: for an API in the
   * same process (`oauth({ keys: () => server.publicKeys() })`), which then needs no request to
   * itself. The same object until a key is added, so a verifier can keep what it built from it.
   */
  publicKeys(): JSONWebKeySet;
  /**
   * Resolves once the signing keys are read (at once unless `signingKeys` is a function; then
   * read now, and again after a failure), rejects when they cannot be: an API can wait for it in
   * its `onReady` hook, so that it verifies the tokens other instances issued from the start.
   */
  ready(): Promise<void>;
}

function configuration(options: AuthorizationServerOptions, keys: JWK[], adapter: AdapterFactory): Configuration {
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const formats = new Map(options.clients.map((c) => [c.clientId, c.tokenFormat ?? 'jwt']));
  const allScopes = [...new Set(options.clients.flatMap((c) => c.scopes))];
  const resourceServers = new Set(options.clients.filter((c) => c.scopes.length === 0).map((c) => c.clientId));
  const corsOrigins = new Set(options.corsOrigins ?? [new URL(options.issuer).origin]);
  return {
    adapter,
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
      // Only machine-to-machine endpoints are served (see servedPaths); don't advertise the rest.
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
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
  const metadataPath = `${wellKnown}${issuerPath}`;
  const clients = new Map<string, ClientDefinition>(options.clients.map((c) => [c.clientId, c]));
  // Frozen: every verifier in the process trusts these keys, so none may add one.
  const publish = (signing: readonly JWK[]): JSONWebKeySet =>
    Object.freeze({ keys: Object.freeze(signing.map(publicKeyOf)) as JWK[] });
  // Outlives the providers a key rotation replaces, so opaque tokens issued before it still count.
  const store = tokenStore();
  const provider = (jwks: JWK[]) => {
    const instance = new Provider(options.issuer, configuration(options, jwks, store));
    instance.proxy = true; // read the X-Forwarded-* headers set below from the issuer URL
    return instance.callback();
  };
  let keys: JWK[] = [];
  let published = publish(keys);
  let callback: ReturnType<typeof provider> | undefined;
  const use = (signing: JWK[]) => {
    keys = signing;
    published = publish(keys);
    callback = provider(keys);
  };
  const chosen = (given: readonly JWK[] | undefined) =>
    given && given.length > 0 ? given.map(checkSigningKey) : undefined;
  // Keys read from somewhere (a database) are read in the background and again after a failure,
  // so that the server starts while that place is away; requests that need them wait for them.
  let loading: Promise<void> | undefined;
  const load = (): Promise<void> =>
    (loading ??= (async () => {
      const given = typeof options.signingKeys === 'function' ? await options.signingKeys() : undefined;
      use(chosen(given) ?? [await newSigningKey()]);
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  if (typeof options.signingKeys === 'function') load().catch(() => undefined);
  else use(chosen(options.signingKeys) ?? [await newSigningKey()]);

  const issuerUrl = new URL(options.issuer);
  const knownScopes = new Set(options.clients.flatMap((c) => c.scopes));
  const opaqueTokens = options.clients.some((c) => c.tokenFormat === 'opaque');
  const metadata = JSON.stringify(serverMetadata({ issuer: options.issuer, scopes: [...knownScopes], opaqueTokens }));
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    // RFC 8414 §3.1 puts the metadata of an issuer with a path at /.well-known/oauth-authorization-server<path>.
    const below = url.startsWith(`${issuerPath}/`)
      ? url.slice(issuerPath.length)
      : url.split('?')[0] === metadataPath
        ? wellKnown
        : undefined;
    // Only the machine-to-machine endpoints are served; oidc-provider's interactive ones answer HTML.
    // Introspection and revocation cannot check JWT access tokens, so they exist only for opaque ones.
    const path = below?.split('?')[0];
    if (path === undefined || !servedPaths.test(path) || (!opaqueTokens && tokenCheckPaths.test(path))) {
      res
        .writeHead(404, { 'content-type': json })
        .end(JSON.stringify({ error: `No endpoint at ${url.slice(0, 200)}` }));
      return;
    }
    const allow = path.startsWith('/token') ? 'POST' : 'GET, HEAD';
    if (!allow.split(', ').includes(req.method ?? '') && req.method !== 'OPTIONS') {
      res
        .writeHead(405, { 'content-type': json, allow })
        .end(JSON.stringify({ error: `${req.method} is not supported here. Allowed: ${allow}` }));
      return;
    }
    if (discoveryPaths.test(path) && req.method !== 'OPTIONS') {
      // Public metadata, readable from any page (as oidc-provider serves it).
      res.writeHead(200, {
        'content-type': json,
        'content-length': Buffer.byteLength(metadata),
        'access-control-allow-origin': '*',
      });
      res.end(req.method === 'HEAD' ? undefined : metadata);
      return;
    }
    // Mounted below a path: oidc-provider routes on `url` and builds its links from `originalUrl`.
    Object.assign(req, { originalUrl: url, url: below });
    // Links in the metadata name the issuer's public origin, never the Host this request used.
    req.headers['x-forwarded-host'] = issuerUrl.host;
    req.headers['x-forwarded-proto'] = issuerUrl.protocol.slice(0, -1);
    const tokenRequest = req.method === 'POST' && /^\/token\/?(\?|$)/.test(req.url ?? '');
    const run = tokenRequest ? applyDefaultScope(req, clients, knownScopes) : Promise.resolve(undefined);
    Promise.all([
      run,
      callback
        ? undefined
        : load().catch((error: unknown) => {
            throw new TokenRequestRefusal(
              'temporarily_unavailable',
              'The signing keys cannot be read now; try again later',
              503,
              error,
            );
          }),
    ]).then(
      ([form]) => callback!(form ? replayedRequest(req, form) : req, res),
      (error: unknown) => {
        const refusal =
          error instanceof TokenRequestRefusal
            ? error
            : new TokenRequestRefusal('invalid_request', 'The token request could not be read');
        // After a body too large the rest of it is not read: the connection closes after the answer.
        const closing =
          refusal.status === 413 ? { connection: 'close' } : refusal.status === 503 ? { 'retry-after': '5' } : {};
        res
          .writeHead(refusal.status, { 'content-type': json, 'cache-control': 'no-store', ...closing })
          .end(JSON.stringify({ error: refusal.code, error_description: refusal.message }));
      },
    );
  };

  return {
    issuer: options.issuer,
    tokenEndpoint: `${options.issuer.replace(/\/$/, '')}/token`,
    handle,
    metadataPath,
    async rotateKey() {
      if (!callback) await load();
      use([await newSigningKey(), ...keys]);
    },
    publicKeys: () => published,
    ready: () => (callback ? Promise.resolve() : load()),
  };
}
