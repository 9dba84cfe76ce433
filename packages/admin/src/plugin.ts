import type { ApiPlugin, CorralResponse, RequestContext } from '@corral/core';
import { assetReader } from './assets.js';
import { browsableKinds, prefersHtml } from './browsable.js';
import { adminVersion } from './model.js';
import type { AdminModel, AdminSignIn, AdminVersion } from './model-types.js';
import { contentSecurityPolicy, shellHtml } from './shell.js';
import { signInOf } from './sign-in.js';

/** Settings of {@link admin}. */
export interface AdminOptions {
  /** Where the admin is served, below the API's base path; default `/admin`. */
  readonly path?: string;
  /** The issuer people sign in with; default the API's own origin (the embedded authorization server). */
  readonly issuer?: string;
  /** The admin's client id at the issuer; default `corral-admin`. */
  readonly clientId?: string;
  /** Scopes asked for at sign-in; default every scope the API uses. */
  readonly scopes?: readonly string[];
}

const json = (value: unknown) => JSON.stringify(value);
const noSignIn: AdminSignIn = { issuer: '', metadataUrls: [], clientId: '', redirectUri: '', scopes: [] };

/**
 * A web admin served by the API itself at `<basePath><path>`: a page generated from the
 * collections' declarations where people sign in, then list, read, create, change and delete
 * records as their scopes allow. A browser opening a list or record URL of the API is sent on to
 * its view in the admin (303).
 */
export function admin(options: AdminOptions = {}): ApiPlugin {
  const path = (options.path ?? '/admin').replace(/\/+$/, '');
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(path) || path === '')
    throw new TypeError(`admin: path must start with / and name a folder, got ${JSON.stringify(options.path)}`);
  const versions: AdminVersion[] = [];
  let title = 'API';
  let basePath = '';
  let signIn: AdminSignIn | undefined;
  let model: string | undefined;
  const readAsset = assetReader();
  const adminPath = () => `${basePath}${path}`;
  const headers = (contentType: string, extra: Record<string, string> = {}) => ({
    'content-type': contentType,
    'content-security-policy': contentSecurityPolicy(signIn?.issuer ? new URL(signIn.issuer).origin : undefined),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...extra,
  });

  async function serveAdmin(context: RequestContext, rest: string): Promise<CorralResponse> {
    const { method } = context.request;
    if (method !== 'GET' && method !== 'HEAD')
      return {
        status: 405,
        headers: { ...headers('application/json'), allow: 'GET, HEAD' },
        body: json({ error: 'Only GET and HEAD' }),
      };
    if (rest.startsWith('/assets/')) {
      const asset = await readAsset(rest.slice('/assets/'.length));
      if (!asset) return { status: 404, headers: headers('application/json'), body: json({ error: 'No such file' }) };
      return { status: 200, headers: headers(asset.contentType, { 'cache-control': 'no-cache' }), body: asset.body };
    }
    if (rest === '/model.json') {
      model ??= json({
        title,
        adminPath: adminPath(),
        basePath,
        versions,
        signIn: signIn ?? noSignIn,
      } satisfies AdminModel);
      return {
        status: 200,
        headers: headers('application/json; charset=utf-8', { 'cache-control': 'no-cache' }),
        body: model,
      };
    }
    return {
      status: 200,
      headers: headers('text/html; charset=utf-8', { 'cache-control': 'no-cache' }),
      body: shellHtml(title, adminPath()),
    };
  }

  function browse(context: RequestContext): CorralResponse | undefined {
    const { request, route } = context;
    if (request.method !== 'GET' || !route || !browsableKinds.has(route.kind)) return undefined;
    if (!prefersHtml(request.header('accept'))) return undefined;
    const query = request.rawQuery ? `?${request.rawQuery}` : '';
    const location = `${adminPath()}${request.path.slice(basePath.length)}${query}`;
    return { status: 303, headers: { location, vary: 'Accept', 'content-length': '0' } };
  }

  return {
    name: 'admin',
    routes(version) {
      title = version.title;
      basePath = version.basePath;
      signIn ??= signInOf(version, `${basePath}${path}`, options);
      versions.push(adminVersion(version));
      versions.sort((a, b) => a.prefix.localeCompare(b.prefix, 'en', { numeric: true }));
      model = undefined;
      return [];
    },
    hooks: {
      onRequest(context) {
        const requestPath = context.request.path;
        const own = adminPath();
        if (requestPath === own || requestPath.startsWith(`${own}/`))
          return serveAdmin(context, requestPath.slice(own.length));
        return browse(context);
      },
    },
  };
}
