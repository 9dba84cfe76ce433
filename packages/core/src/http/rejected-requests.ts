import { ApiError, renderError, type ErrorDocsUrl } from '@corral/errors';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { nodeHttp } from './node-builtins.js';
import { requestIdFor } from './request-id.js';

/** Node's parser error codes, grouped by the answer the client should get. */
function refusalFor(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW')
    return new ApiError('headersTooLarge', 'The request line and headers are larger than this server accepts');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'HPE_HEADERS_TIMEOUT')
    return new ApiError('requestTimeout', 'The request did not arrive in time');
  if (code === 'HPE_INVALID_METHOD')
    return new ApiError('malformedRequest', 'The request method is not one this server knows');
  return new ApiError('malformedRequest', 'The request is not valid HTTP/1.1');
}

/** Writes a whole error answer on a raw socket and closes it; the connection cannot be trusted to continue. */
function writeRefusal(socket: Duplex, error: ApiError, docsUrl: ErrorDocsUrl): void {
  const rendered = renderError(error, docsUrl);
  const body = JSON.stringify(rendered.body);
  const headers: Record<string, string> = {
    ...rendered.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'x-request-id': requestIdFor(undefined),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${rendered.status} ${nodeHttp().STATUS_CODES[rendered.status] ?? ''}\r\n${head}\r\n${body}`);
}

/**
 * Answers, in the API's error shape with an X-Request-Id, what node:http refuses before any
 * handler runs (bad framing, oversized headers, timeouts: Node would send an empty 400 or 431),
 * and CONNECT, which Node would leave unanswered.
 */
export function answerRejectedRequests(server: Server, docsUrl: ErrorDocsUrl): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // A reset connection or a half-written answer cannot take another one.
    if (
      error.code === 'ECONNRESET' ||
      !socket.writable ||
      (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent
    ) {
      socket.destroy();
      return;
    }
    writeRefusal(socket, refusalFor(error.code), docsUrl);
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    writeRefusal(
      socket,
      new ApiError('methodNotAllowed', 'CONNECT is not supported: this is an API, not a proxy', {
        headers: { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' },
      }),
      docsUrl,
    );
  });
}
