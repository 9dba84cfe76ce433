import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONWebKeySet, JWK } from 'jose';
import { randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';
import { applyDefaultScope, TokenRequestRefusal } from './default-scope.js';
import { loginAttempts } from './login-limits.js';
import { loginStylesheet, pageHeaders } from './login-page.js';
import { serverMetadata } from './metadata.js';
import type { AuthorizationServerOptions, ClientDefinition } from './options.js';
import { peopleFacts, withDefaultScope } from './people.js';
import { providerConfiguration } from './provider-config.js';
import { replayedRequest } from './replayed-request.js';
import { routeOf } from './routes.js';
import { signInHandler } from './sign-in.js';
import { checkSigningKey, newSigningKey, publicKeyOf } from './signing-key.js';
import { tokenStore } from './token-store.js';

const wellKnown = '/.well-known/oauth-authorization-server';
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

/**
 * Starts a real OAuth 2.0 authorization server (oidc-provider) for the client-credentials grant,
 * with discovery, JWKS, token, introspection and revocation endpoints below the issuer; with
 * `users` and `publicClients`, also the authorization code grant with PKCE, a login page, refresh
 * tokens and sign-out.
 */
export async function createAuthorizationServer(options: AuthorizationServerOptions): Promise<AuthorizationServer> {
  const issuerUrl = new URL(options.issuer);
  const issuerPath = issuerUrl.pathname.replace(/\/$/, '');
  const metadataPath = `${wellKnown}${issuerPath}`;
  const clients = new Map<string, ClientDefinition>(options.clients.map((c) => [c.clientId, c]));
  const people = await peopleFacts(options, issuerPath);
  // Frozen: every verifier in the process trusts these keys, so none may add one.
  const publish = (signing: readonly JWK[]): JSONWebKeySet =>
    Object.freeze({ keys: Object.freeze(signing.map(publicKeyOf)) as JWK[] });
  // Outlives the providers a key rotation replaces, so opaque tokens, sign-ins and refresh tokens
  // issued before it still count.
  const store = tokenStore();
  let keys: JWK[] = [];
  let published = publish(keys);
  let current: { provider: Provider; callback: ReturnType<Provider['callback']> } | undefined;
  const use = (signing: JWK[]) => {
    keys = signing;
    published = publish(keys);
    const provider = new Provider(options.issuer, providerConfiguration(options, keys, store, people));
    provider.proxy = true; // read the X-Forwarded-* headers set below from the issuer URL
    if (people) {
      // Pages oidc-provider writes itself (one that posts itself to end a session) get the sign-in
      // pages' headers too; set first, so that it can add its inline script's hash to the policy.
      const { 'content-type': _type, 'cache-control': _cache, ...headers } = pageHeaders(people.formTargets);
      provider.use(async (ctx, next) => {
        ctx.set(headers);
        await next();
      });
    }
    current = { provider, callback: provider.callback() };
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

  const knownScopes = new Set([...options.clients.flatMap((c) => c.scopes), ...(people?.userScopes ?? [])]);
  const routeFacts = { opaqueTokens: options.clients.some((c) => c.tokenFormat === 'opaque'), people: !!people };
  const metadata = JSON.stringify(serverMetadata({ issuer: options.issuer, scopes: [...knownScopes], ...routeFacts }));
  const signIn =
    people &&
    signInHandler({
      provider: () => current!.provider,
      accounts: people.accounts,
      attempts: loginAttempts(options.loginLimits),
      csrfSecret: randomBytes(32),
      issuerPath,
      origin: issuerUrl.origin,
      audience: options.audience,
      formTargets: people.formTargets,
    });
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void =>
    void res.writeHead(status, { 'content-type': json, ...headers }).end(JSON.stringify(body));

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    // RFC 8414 §3.1 puts the metadata of an issuer with a path at /.well-known/oauth-authorization-server<path>.
    const below = url.startsWith(`${issuerPath}/`)
      ? url.slice(issuerPath.length)
      : url.split('?')[0] === metadataPath
        ? wellKnown
        : undefined;
    const path = below?.split('?')[0];
    const route = path === undefined ? undefined : routeOf(path, routeFacts);
    if (route === undefined) {
      send(res, 404, { error: `No endpoint at ${url.slice(0, 200)}` });
      return;
    }
    const method = req.method ?? '';
    if (!route.allow.includes(method) && method !== 'OPTIONS') {
      const allow = route.allow.join(', ');
      send(res, 405, { error: `${method} is not supported here. Allowed: ${allow}` }, { allow });
      return;
    }
    const ownPage = route.kind === 'stylesheet' || route.kind === 'login-page' || route.kind === 'login-form';
    if (ownPage && method === 'OPTIONS') {
      // Pages of this server, not oidc-provider's: no CORS preflight to answer, just what they take.
      res.writeHead(204, { allow: route.allow.join(', ') }).end();
      return;
    }
    if (route.kind === 'metadata' && method !== 'OPTIONS') {
      // Public metadata, readable from any page (as oidc-provider serves it).
      res.writeHead(200, {
        'content-type': json,
        'content-length': String(Buffer.byteLength(metadata)),
        'access-control-allow-origin': '*',
      });
      res.end(method === 'HEAD' ? undefined : metadata);
      return;
    }
    if (route.kind === 'stylesheet') {
      res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=3600' });
      res.end(method === 'HEAD' ? undefined : loginStylesheet);
      return;
    }
    // Mounted below a path: oidc-provider routes on `url` and builds its links from `originalUrl`.
    const served = route.kind === 'authorize' ? withDefaultScope(below!, people) : below!;
    Object.assign(req, { originalUrl: served === below ? url : `${issuerPath}${served}`, url: served });
    // Links in the metadata name the issuer's public origin, never the Host this request used.
    req.headers['x-forwarded-host'] = issuerUrl.host;
    req.headers['x-forwarded-proto'] = issuerUrl.protocol.slice(0, -1);
    const tokenRequest = route.kind === 'token' && method === 'POST';
    const run = tokenRequest ? applyDefaultScope(req, clients, knownScopes) : Promise.resolve(undefined);
    Promise.all([
      run,
      current
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
      ([form]) => {
        if (signIn && (route.kind === 'login-page' || route.kind === 'login-form'))
          return signIn(req, res, route.uid!, route.kind === 'login-form').catch(() => {
            if (!res.headersSent) send(res, 500, { error: 'The sign-in could not be completed' });
          });
        return current!.callback(form ? replayedRequest(req, form) : req, res);
      },
      (error: unknown) => {
        const refusal =
          error instanceof TokenRequestRefusal
            ? error
            : new TokenRequestRefusal('invalid_request', 'The token request could not be read');
        // After a body too large the rest of it is not read: the connection closes after the answer.
        const closing: Record<string, string> =
          refusal.status === 413 ? { connection: 'close' } : refusal.status === 503 ? { 'retry-after': '5' } : {};
        send(
          res,
          refusal.status,
          { error: refusal.code, error_description: refusal.message },
          { 'cache-control': 'no-store', ...closing },
        );
      },
    );
  };

  return {
    issuer: options.issuer,
    tokenEndpoint: `${options.issuer.replace(/\/$/, '')}/token`,
    handle,
    metadataPath,
    async rotateKey() {
      if (!current) await load();
      use([await newSigningKey(), ...keys]);
    },
    publicKeys: () => published,
    ready: () => (current ? Promise.resolve() : load()),
  };
}
