import { ApiError } from '@corral/errors';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { writeRefusal } from './refusal-answers.js';

// A 408 has the short error body, which links to no error page.
const noDocs = () => '';

/**
 * What node:http does for a request by closing its connection, done for one HTTP/2 stream (the
 * session and its other streams go on): a body not wholly arrived `timeoutMs` after the headers
 * is answered 408 (unless an answer has begun), as `requestTimeout` does; and a body still coming
 * once the answer is out (a 413, a 401 before the body was read) is cut off with RST_STREAM
 * NO_ERROR (RFC 9113, section 8.1), so that the client stops sending and its session can close.
 */
export function limitHttp2Request(req: Http2ServerRequest, res: Http2ServerResponse, timeoutMs: number): void {
  const stream = req.stream;
  if (stream.endAfterHeaders) return; // no body: nothing to wait for, nothing left over
  // `remoteClose`: the client has sent all it will send.
  const stillSending = () => !stream.closed && !stream.destroyed && !stream.state.remoteClose;
  // The stream's own 'finish' (the answer is out); the compatibility response emits its 'finish' only at close.
  stream.once('finish', () => {
    // destroy() without an error sends RST_STREAM NO_ERROR; close() would keep the stream until its body was read.
    if (stillSending()) stream.destroy();
  });
  if (timeoutMs <= 0) return;
  const timer = setTimeout(() => {
    if (!stillSending()) return; // a slow handler is not the client's fault
    if (!res.headersSent)
      writeRefusal(
        res,
        new ApiError('requestTimeout', 'The request did not arrive in time'),
        noDocs,
        req.headers['x-request-id'],
      );
    stream.close(); // RST_STREAM once the answer is out: the rest of the body is not wanted
  }, timeoutMs);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
}
