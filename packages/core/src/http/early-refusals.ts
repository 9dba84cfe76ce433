import { ApiError } from '@corral/errors';
import type { IncomingMessage } from 'node:http';
import { nodeHttp } from './node-builtins.js';

/** The size of an HTTP/2 request's header section as HTTP/1.1 would carry it (`name: value` and a line end each). */
function headerBytes(rawHeaders: readonly string[]): number {
  let bytes = 0;
  for (const part of rawHeaders) bytes += part.length + 2;
  return bytes;
}

/**
 * What node:http leaves to the API to refuse, so that the answer has the API's error shape: an
 * HTTP/1.1 request without Host (RFC 9112, section 3.2), and HTTP/2 headers larger than node:http
 * accepts (it answers 431 itself; node:http2 would let through up to 64 KiB).
 */
export function refusalBeforeRouting(req: IncomingMessage): ApiError | undefined {
  if (req.httpVersionMajor === 2)
    return headerBytes(req.rawHeaders) > nodeHttp().maxHeaderSize
      ? new ApiError('headersTooLarge', 'The request headers are larger than this server accepts')
      : undefined;
  if (req.headers.host === undefined && req.httpVersion === '1.1')
    return new ApiError('malformedRequest', 'An HTTP/1.1 request needs a Host header');
  return undefined;
}
