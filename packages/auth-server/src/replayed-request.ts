import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/**
 * A request whose body was already read, to hand to oidc-provider as if it had not been: the same
 * method, URL, headers and socket (all that Koa and oidc-provider look at), with `body` to read
 * again. oidc-provider then parses the form itself, as for any request, rather than falling back
 * to a pre-parsed `req.body`, which it accepts but warns about (once per process).
 */
export function replayedRequest(req: IncomingMessage & { originalUrl?: string }, body: Buffer): IncomingMessage {
  const headers = { ...req.headers, 'content-length': String(body.length) };
  // The body is whole now; its length above replaces how it came (chunked or not).
  delete headers['transfer-encoding'];
  const replay = Readable.from([body], { objectMode: false });
  return Object.assign(replay, {
    method: req.method,
    url: req.url,
    originalUrl: req.originalUrl,
    headers,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    socket: req.socket,
    connection: req.socket,
  }) as unknown as IncomingMessage;
}
