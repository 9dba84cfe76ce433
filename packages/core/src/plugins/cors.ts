import { CorralError } from '@corral/errors';
import type { CorralResponse } from '../http/exchange.js';
import type { HeaderDoc } from '../vocabulary/answers.js';
import type { ApiPlugin } from '../vocabulary/plugin.js';
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
    describeRoute: () => ({ responseHeaders: { 'Access-Control-Allow-Origin': originDoc } }),
  };
}
