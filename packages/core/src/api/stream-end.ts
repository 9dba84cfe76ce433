import { type CorralResponse, isStreaming, type StreamingBody } from '../http/exchange.js';

/** The same stream, calling `ended` once when it ends: its client left, it finished, or it was cut. */
function whenStreamEnds(body: StreamingBody, ended: () => void): StreamingBody {
  return {
    kind: 'stream',
    open(sink) {
      // Listened to before the stream starts, so that a throw in `open` (the adapter then drops the
      // connection, which ends the stream) is counted too; a client gone already has ended it.
      if (sink.closed.aborted) ended();
      else sink.closed.addEventListener('abort', ended, { once: true });
      body.open(sink);
    },
  };
}

/**
 * Calls `done` when the answer has gone out: at once for a whole body, when the stream ends for a
 * streamed one (so that the access log and onResponse hooks see its whole duration). HEAD, 204
 * and 304 answers carry no body: a stream there is dropped unopened.
 */
export function whenAnswered(method: string, response: CorralResponse, done: () => void): void {
  const body = response.body;
  if (!isStreaming(body)) done();
  else if (method === 'HEAD' || response.status === 204 || response.status === 304) {
    delete response.body;
    done();
  } else response.body = whenStreamEnds(body, done);
}
