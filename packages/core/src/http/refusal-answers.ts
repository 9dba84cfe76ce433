import { type ApiError, renderError, type ErrorDocsUrl } from '@corral/errors';
import type { Duplex } from 'node:stream';
import { nodeHttp } from './node-builtins.js';
import { requestIdFor } from './request-id.js';

/** A refusal's status, headers and JSON body, in the API's error shape with a request id. */
function refusalAnswer(error: ApiError, docsUrl: ErrorDocsUrl, clientRequestId: string | undefined) {
  const rendered = renderError(error, docsUrl);
  const body = JSON.stringify(rendered.body);
  const headers: Record<string, string> = {
    ...rendered.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'x-request-id': requestIdFor(clientRequestId),
  };
  return { status: rendered.status, headers, body };
}

/**
 * Writes a whole HTTP/1.1 error answer on a raw socket and closes it: what arrived could not be
 * read as a request, so the connection cannot be trusted to carry another one.
 */
export function writeRefusalOnSocket(socket: Duplex, error: ApiError, docsUrl: ErrorDocsUrl): void {
  const { status, headers, body } = refusalAnswer(error, docsUrl, undefined);
  const head = Object.entries({ ...headers, connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${nodeHttp().STATUS_CODES[status] ?? ''}\r\n${head}\r\n${body}`);
}

/** Where {@link writeRefusal} writes: a node:http answer, or an HTTP/2 stream's (compatibility API). */
export interface RefusalTarget {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
}

/**
 * Answers a request that was read but is refused before any handler (an HTTP/2 stream, where the
 * session goes on serving other streams). The client's X-Request-Id is kept when it is sane.
 */
export function writeRefusal(
  res: RefusalTarget,
  error: ApiError,
  docsUrl: ErrorDocsUrl,
  clientRequestId?: string | readonly string[],
): void {
  const id = typeof clientRequestId === 'string' ? clientRequestId : undefined;
  const { status, headers, body } = refusalAnswer(error, docsUrl, id);
  res.writeHead(status, headers);
  res.end(body);
}
