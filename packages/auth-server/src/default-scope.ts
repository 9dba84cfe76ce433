import type { IncomingMessage } from 'node:http';
import { parse, stringify } from 'node:querystring';
import type { ClientDefinition } from './options.js';

const tokenBodyLimit = 56 * 1024;

/** A token request refused before oidc-provider sees it, with the RFC 6749 error code and the status to answer. */
export class TokenRequestRefusal extends Error {
  constructor(
    readonly code: 'invalid_request' | 'invalid_client' | 'invalid_scope' | 'temporarily_unavailable',
    message: string,
    readonly status: 400 | 413 | 503 = 400,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

const tooLarge = () =>
  new TokenRequestRefusal(
    'invalid_request',
    `The token request body is larger than the limit of ${tokenBodyLimit} bytes`,
    413,
  );

/**
 * The body, or a 413 refusal once it passes the limit. Reading stops there with the stream paused,
 * not destroyed (leaving a `for await` would destroy it, and the socket with it), so the answer
 * still reaches the client.
 */
function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > tokenBodyLimit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= tokenBodyLimit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.pause();
      reject(tooLarge());
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** The client a token request authenticates as: HTTP Basic first, then the form's client_id. */
function clientIdOf(req: IncomingMessage, form: Record<string, unknown>): string | undefined {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (basic) return decodeURIComponent(Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] ?? '');
  return typeof form.client_id === 'string' ? form.client_id : undefined;
}

/**
 * Reads a token request's form body and, for a client-credentials request without `scope`, asks
 * for every scope the client may have: oidc-provider would otherwise grant none. A scope no client
 * may have is refused (`invalid_scope`), where oidc-provider would drop it silently. Resolves to
 * the body to hand on to oidc-provider (see replayedRequest): as sent, or encoded again with the
 * scope added.
 */
export async function applyDefaultScope(
  req: IncomingMessage,
  clients: ReadonlyMap<string, ClientDefinition>,
  knownScopes: ReadonlySet<string>,
): Promise<Buffer> {
  const body = await readBody(req);
  const form = parse(body.toString('utf8'));
  // RFC 6749 §5.2: a request that names no client at all is a client authentication failure.
  if (req.headers.authorization === undefined && form.client_id === undefined)
    throw new TokenRequestRefusal(
      'invalid_client',
      'The token request names no client: authenticate with HTTP Basic (client_secret_basic) or send client_id and client_secret in the body (client_secret_post)',
    );
  if (typeof form.scope === 'string' && form.scope !== '') {
    const unknown = form.scope.split(' ').filter((scope) => scope !== '' && !knownScopes.has(scope));
    if (unknown.length > 0)
      throw new TokenRequestRefusal('invalid_scope', `Unknown scope: ${unknown.join(' ').slice(0, 200)}`);
  } else if (Array.isArray(form.scope)) {
    throw new TokenRequestRefusal('invalid_request', 'Send scope once');
  }
  if (form.grant_type === 'client_credentials' && (form.scope === undefined || form.scope === '')) {
    const client = clients.get(clientIdOf(req, form) ?? '');
    if (client) return Buffer.from(stringify({ ...form, scope: client.scopes.join(' ') }));
  }
  return body;
}
