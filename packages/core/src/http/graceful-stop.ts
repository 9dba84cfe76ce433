import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Open connections per server; tracked per connection, so a request pays nothing for it. */
const openSockets = new WeakMap<Server, Set<Socket>>();

/** The answer a connection is busy with; node:http keeps it on the socket while it is being served. */
const answerOn = (socket: Socket): ServerResponse | undefined => (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage ?? undefined;

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
 * Stops a server gently: no new connections; answers still to come carry `Connection: close` so
 * that keep-alive clients open a new connection elsewhere instead of meeting a reset; idle
 * connections close at once and busy ones as soon as their answer is sent. Whatever is still
 * open after `graceMs` (a client that never finishes its body, say) is cut off, so a stop never
 * takes longer than that. Resolves when the server is closed.
 */
export function stopGracefully(server: Server, graceMs = 5_000): Promise<void> {
  // Requests that arrive from now on, on connections already open, close them after their answer.
  server.prependListener('request', (_req, res: ServerResponse) => {
    res.shouldKeepAlive = false;
  });
  for (const socket of openSockets.get(server) ?? []) {
    const answer = answerOn(socket);
    if (answer && !answer.headersSent) answer.shouldKeepAlive = false;
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  deadline.unref();
  return closed.finally(() => clearTimeout(deadline));
}
