import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Open connections per server; tracked per connection, so a request pays nothing for it. */
const openSockets = new WeakMap<Server, Set<Socket>>();

/** The answer a connection is busy with; node:http keeps it on the socket while it is being served. */
const answerOn = (socket: Socket): ServerResponse | undefined =>
  (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage ?? undefined;

/**
 * Remembers a server's open connections, so that a stop can tell the clients of answers still to
 * come to close the connection. `createApiServer` installs it.
 */
export function trackConnections(server: Server): void {
  const sockets = new Set<Socket>();
  openSockets.set(server, sockets);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
}

/**
 * net.Server's own `close` (the deepest in the server's prototype chain), which stops listening
 * and leaves open connections be; found this way so that this module imports no Node module at
 * load time (the main entry stays runtime-neutral).
 */
function listenerClose(server: Server): (callback: () => void) => void {
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

/**
 * Stops a server gently: no new connections; answers still to come, and requests that arrive on
 * connections already open, carry `Connection: close`, so that keep-alive clients open a new
 * connection elsewhere instead of meeting a reset. Idle connections are not closed at once (a
 * client may be sending on one at that moment) but after a short drain window; busy ones close as
 * soon as their answer is sent. Whatever is still open after `graceMs` (a client that never
 * finishes its body, say) is cut off, so a stop never takes longer than that. `drainMs` is how long
 * idle connections stay open for requests already on their way (default 1 s, at most `graceMs`).
 * Resolves when the server is closed.
 */
export function stopGracefully(server: Server, graceMs = 5_000, drainMs = 1_000): Promise<void> {
  // Requests that arrive from now on, on connections already open, close them after their answer.
  server.prependListener('request', (_req, res: ServerResponse) => {
    res.shouldKeepAlive = false;
  });
  for (const socket of openSockets.get(server) ?? []) {
    const answer = answerOn(socket);
    if (answer && !answer.headersSent) answer.shouldKeepAlive = false;
  }
  // net's close stops listening only; http's would also close the idle connections at once.
  const closed = new Promise<void>((resolve) => listenerClose(server).call(server, () => resolve()));
  const drained = setTimeout(() => server.closeIdleConnections(), Math.min(drainMs, graceMs));
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  drained.unref();
  deadline.unref();
  return closed.finally(() => {
    clearTimeout(drained);
    clearTimeout(deadline);
  });
}
