import type { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Http2Session } from 'node:http2';
import { stopStreams } from './node-stream.js';
import { answerOn, openConnectionsOf } from './open-connections.js';
import type { NodeServer } from './server-settings.js';

/**
 * net.Server's own `close` (the deepest in the server's prototype chain), which stops listening
 * and leaves open connections be (http's would close idle ones at once, http2's every session);
 * found this way so that this module imports no Node module at load time (the main entry stays
 * runtime-neutral).
 */
function listenerClose(server: NodeServer): (callback: () => void) => void {
  let close: ((callback: () => void) => void) | undefined;
  for (
    let proto: object | null = Object.getPrototypeOf(server) as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    if (Object.hasOwn(proto, 'close')) close = (proto as { close: (callback: () => void) => void }).close;
  }
  return close ?? server.close;
}

/** Cuts off every connection and session still open. */
function closeAll(server: NodeServer): void {
  const open = openConnectionsOf(server);
  if (!open) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    return;
  }
  for (const session of open.sessions) session.destroy();
  for (const socket of open.sockets) socket.destroy();
}

/**
 * Stops a server gently: no new connections; answers still to come, and requests that arrive on
 * HTTP/1.1 connections already open, carry `Connection: close`, so that keep-alive clients open a
 * new connection elsewhere instead of meeting a reset. HTTP/2 sessions get GOAWAY at once: their
 * requests in flight are answered, and the client sends new ones elsewhere. Idle HTTP/1.1
 * connections are not closed at once (a client may be sending on one at that moment) but after a
 * short drain window; busy ones close as soon as their answer is sent. Whatever is still open
 * after `graceMs` (a client that never finishes its body, say) is cut off, so a stop never takes
 * longer than that. `drainMs` is how long idle connections stay open for requests already on
 * their way (default 1 s, at most `graceMs`). Streamed answers (feeds) are told to end (their
 * `stopping` signal fires) and are waited for like any answer. Resolves when the server is closed.
 */
export function stopGracefully(server: NodeServer, graceMs = 5_000, drainMs = 1_000): Promise<void> {
  const events = server as EventEmitter;
  // Requests that arrive from now on, on connections already open, close them after their answer.
  events.prependListener('request', (_req, res: ServerResponse) => {
    res.shouldKeepAlive = false;
  });
  // A session that completes its handshake after this point is told to go away as well.
  events.on('session', (session: Http2Session) => session.close());
  const open = openConnectionsOf(server);
  for (const session of open?.sessions ?? []) session.close();
  for (const socket of open?.sockets ?? []) {
    const answer = answerOn(socket);
    if (answer && !answer.headersSent) answer.shouldKeepAlive = false;
  }
  // Streamed answers (feeds) are told to end, so that their clients reconnect elsewhere.
  stopStreams(server);
  const closed = new Promise<void>((resolve) => listenerClose(server).call(server, () => resolve()));
  // A secure server has it only for HTTP/1.1 (allowHTTP1), and Node's types know it on node:http alone.
  const closeIdle = () => (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  // After the drain window, connections that fall idle later (a stream that ended, whose head
  // promised keep-alive before the stop began) are closed as they do.
  let idleSweep: ReturnType<typeof setInterval> | undefined;
  const drained = setTimeout(
    () => {
      closeIdle();
      idleSweep = setInterval(closeIdle, 100);
      idleSweep.unref();
    },
    Math.min(drainMs, graceMs),
  );
  const deadline = setTimeout(() => closeAll(server), graceMs);
  drained.unref();
  deadline.unref();
  return closed.finally(() => {
    clearTimeout(drained);
    clearTimeout(deadline);
    clearInterval(idleSweep);
  });
}
