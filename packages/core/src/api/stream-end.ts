import { type CorralResponse, isStreaming, type StreamingBody } from '../http/exchange.js';

/** The streamed answers of one API: each is observed to its end, and all can be told to stop. */
export interface StreamedAnswers {
  /**
   * Calls `done` when the answer has gone out: at once for a whole body, when the stream ends for
   * a streamed one (so that the access log and onResponse hooks see its whole duration). HEAD, 204
   * and 304 answers carry no body: a stream there is dropped unopened.
   */
  whenAnswered(method: string, response: CorralResponse, done: () => void): void;
  /** Tells every stream still open to end (its `stopping` fires), whatever adapter writes it. */
  stop(): void;
}

export function streamedAnswers(): StreamedAnswers {
  const open = new Set<AbortController>();
  let stopped = false;

  /** The same stream, calling `ended` once when it ends: its client left, it finished, or it was cut. */
  const observed = (body: StreamingBody, ended: () => void): StreamingBody => ({
    kind: 'stream',
    open(sink) {
      const stop = new AbortController();
      if (stopped) stop.abort();
      const end = () => {
        open.delete(stop);
        ended();
      };
      // Listened to before the stream starts, so that a throw in `open` (the adapter then drops the
      // connection, which ends the stream) is counted too; a client gone already has ended it.
      if (sink.closed.aborted) end();
      else {
        open.add(stop);
        sink.closed.addEventListener('abort', end, { once: true });
      }
      body.open({
        write: (chunk) => sink.write(chunk),
        end: () => sink.end(),
        closed: sink.closed,
        stopping: AbortSignal.any([sink.stopping, stop.signal]),
      });
    },
    drop() {
      body.drop?.();
      ended();
    },
  });

  return {
    whenAnswered(method, response, done) {
      const body = response.body;
      if (!isStreaming(body)) done();
      else if (method === 'HEAD' || response.status === 204 || response.status === 304) {
        body.drop?.();
        delete response.body;
        done();
      } else response.body = observed(body, done);
    },
    stop() {
      stopped = true;
      for (const stop of open) stop.abort();
    },
  };
}
