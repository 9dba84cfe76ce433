import { request, type Dispatcher } from 'undici';
import { failure, noAnswer } from './failures.js';

/** The two discovery documents an issuer may publish (OpenID Connect Discovery, RFC 8414), tried in turn. */
const wellKnown = ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server'];

/** Parses a URL the client will send requests to: http or https only, else undefined. */
export function httpUrl(text: unknown): URL | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

async function readMetadata(url: string, dispatcher: Dispatcher): Promise<{ status: number; body: unknown }> {
  try {
    const answer = await request(url, { dispatcher, headers: { accept: 'application/json' } });
    const text = await answer.body.text();
    if (answer.statusCode !== 200) return { status: answer.statusCode, body: undefined };
    return { status: 200, body: JSON.parse(text) };
  } catch (error) {
    if (error instanceof SyntaxError) return { status: 200, body: undefined }; // answered, but no JSON
    throw noAnswer(`GET ${url}`, error);
  }
}

/**
 * The token endpoint from the issuer's discovery metadata. The metadata must name exactly the
 * configured issuer (RFC 8414 section 3.3, as openid-client requires): metadata naming another
 * issuer, even the same server under another host name, is refused, and nothing is sent to it.
 */
export async function tokenEndpointOf(issuer: string, dispatcher: Dispatcher): Promise<string> {
  const base = issuer.replace(/\/+$/, '');
  let last = { url: `${base}${wellKnown[0]}`, status: 0 };
  for (const path of wellKnown) {
    const url = `${base}${path}`;
    const { status, body } = await readMetadata(url, dispatcher);
    last = { url, status };
    if (body === null || typeof body !== 'object') continue;
    const metadata = body as Record<string, unknown>;
    if (metadata.issuer !== issuer)
      throw failure(
        'configuration',
        `GET ${url}`,
        `The discovery metadata at ${url} names the issuer ${JSON.stringify(metadata.issuer)}, ` +
          `not ${JSON.stringify(issuer)} as configured; RFC 8414 requires them to be identical. ` +
          'Configure the issuer exactly as the server names it (or make the server name the URL you use)',
        { status },
      );
    const endpoint = httpUrl(metadata.token_endpoint);
    if (endpoint === undefined)
      throw failure('token', `GET ${url}`, `The discovery metadata at ${url} names no http(s) token_endpoint`, {
        status,
      });
    return endpoint.href;
  }
  throw failure(
    'token',
    `GET ${last.url}`,
    `No discovery metadata for the issuer ${issuer}: ${wellKnown.map((path) => `${base}${path}`).join(' and ')} ` +
      `gave no JSON document (last answer ${last.status}); is the issuer URL right?`,
    { status: last.status },
  );
}
