import { ApiError, type ErrorDocsUrl } from '@corral/errors';
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { writeRefusal, writeRefusalOnSocket } from './refusal-answers.js';

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

/** A failed TLS handshake (or plain HTTP sent to a TLS port): there is no channel to answer on. */
const isTlsFailure = (error: Error & { code?: string; library?: string }): boolean =>
  error.library !== undefined || /^ERR_(SSL|TLS)_/.test(error.code ?? '');

const connectRefusal = () =>
  new ApiError('methodNotAllowed', 'CONNECT is not supported: this is an API, not a proxy', {
    headers: { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' },
  });

/**
 * Answers, in the API's error shape with an X-Request-Id, what node:http refuses before any
 * handler runs (bad framing, oversized headers, timeouts: Node would send an empty 400 or 431),
 * and CONNECT, which Node would leave unanswered (HTTP/1.1) or answer with an empty 405 (HTTP/2).
 */
export function answerRejectedRequests(server: EventEmitter, docsUrl: ErrorDocsUrl): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // A reset connection, a half-written answer or a failed handshake cannot take an answer.
    if (
      error.code === 'ECONNRESET' ||
      isTlsFailure(error) ||
      !socket.writable ||
      (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent
    ) {
      socket.destroy();
      return;
    }
    writeRefusalOnSocket(socket, refusalFor(error.code), docsUrl);
  });
  server.on('connect', (req: IncomingMessage, socketOrResponse: Duplex | ServerResponse) => {
    // HTTP/2 hands over the stream's response; HTTP/1.1 the raw socket.
    if (req.httpVersionMajor === 2)
      writeRefusal(socketOrResponse as ServerResponse, connectRefusal(), docsUrl, req.headers['x-request-id']);
    else writeRefusalOnSocket(socketOrResponse as Duplex, connectRefusal(), docsUrl);
  });
}
