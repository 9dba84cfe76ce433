import { CorralError } from '@corral/errors';
import type { CorralResponse } from '../http/exchange.js';
import type { HeaderDoc } from '../vocabulary/answers.js';
import type { ApiPlugin, RouteDocs } from '../vocabulary/plugin.js';
import {
  corsMethods,
  defaultAllowedHeaders,
  defaultExposedHeaders,
  headerList,
  originTest,
  type CorsOptions,
} from './cors-options.js';

const originDoc: HeaderDoc = {
  description:
    "The calling page's origin, sent when it is one the API allows (CORS), so the browser lets the page read the answer.",
  schema: { type: 'string', maxLength: 2048 },
};

// Not required: a refusal written before the pipeline runs (a 408) has none.
const varyDoc: HeaderDoc = {
  description: 'Names Origin: the answer differs by the calling page (CORS)',
  schema: { type: 'string' },
};

/** What the plugin tells the documentation of every route: its headers, and its preflight answer. */
function corsDocs(anyOrigin: boolean): RouteDocs {
  const text = { type: 'string' };
  return {
    responseHeaders: { 'Access-Control-Allow-Origin': originDoc, ...(anyOrigin ? {} : { Vary: varyDoc }) },
    preflight: {
      status: 204,
      description:
        'A CORS preflight (OPTIONS with Origin and Access-Control-Request-Method), answered before authentication; an origin not allowed gets no Access-Control headers, so its browser sends nothing more.',
      headers: {
        'Access-Control-Allow-Origin': originDoc,
        'Access-Control-Allow-Methods': { description: 'The methods a page may use', schema: text },
        'Access-Control-Allow-Headers': { description: 'The request headers a page may send', schema: text },
        'Access-Control-Max-Age': { description: 'Seconds a browser may keep this answer', schema: text },
        ...(anyOrigin ? {} : { Vary: varyDoc }),
      },
    },
  };
}

/** Adds `Origin` to `Vary`, keeping what is there: the answer differs by the calling page. */
function varyOnOrigin(response: CorralResponse): void {
  const vary = response.headers.vary;
  if (!vary) response.headers.vary = 'Origin';
  else if (!/(^|,)\s*origin\s*(,|$)/i.test(vary)) response.headers.vary = `${vary}, Origin`;
}

/**
 * Lets web pages of the configured origins call the API from a browser (Cross-Origin Resource
 * Sharing). Preflights are answered before authentication (they carry no token) and before the
 * route is looked up; every other answer, errors included, says which origin may read it.
 */
export function cors(options: CorsOptions): ApiPlugin {
  const allowed = originTest(options);
  const anyOrigin = options.origins === '*';
  const allowHeaders = headerList(options.allowHeaders ?? defaultAllowedHeaders, 'allowHeaders');
  const exposeHeaders = headerList(options.exposeHeaders ?? defaultExposedHeaders, 'exposeHeaders');
  const maxAge = String(options.maxAgeSeconds ?? 600);
  const docs = corsDocs(anyOrigin);
  if (!/^\d+$/.test(maxAge))
    throw new CorralError('CORRAL_INVALID_CORS_OPTION', 'cors: maxAgeSeconds must be a whole number of seconds');

  /** The headers that let the page of `origin` read an answer. */
  function grant(origin: string, headers: Record<string, string>): void {
    headers['access-control-allow-origin'] = anyOrigin ? '*' : origin;
    if (options.credentials) headers['access-control-allow-credentials'] = 'true';
  }

  return {
    name: 'cors',
    hooks: {
      onRequest({ request }) {
        const origin = request.header('origin');
        if (request.method !== 'OPTIONS' || !origin || !request.header('access-control-request-method'))
          return undefined;
        // A page not allowed gets no CORS headers, so its browser refuses to send the real request.
        const response: CorralResponse = { status: 204, headers: {} };
        if (allowed(origin)) {
          grant(origin, response.headers);
          response.headers['access-control-allow-methods'] = corsMethods;
          response.headers['access-control-allow-headers'] = allowHeaders;
          response.headers['access-control-max-age'] = maxAge;
        }
        return response;
      },
      onSend({ request }, response) {
        if (!anyOrigin) varyOnOrigin(response);
        const origin = request.header('origin');
        if (!origin || !allowed(origin) || response.headers['access-control-allow-origin']) return;
        grant(origin, response.headers);
        if (exposeHeaders !== '') response.headers['access-control-expose-headers'] = exposeHeaders;
      },
    },
    describeRoute: () => docs,
  };
}
