import type { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Http2Session } from 'node:http2';
import type { Socket } from 'node:net';

/** What a server has open, so that a stop can reach every client. */
export interface OpenConnections {
  /** Its connections; on a TLS server both the TCP sockets and the TLS sockets over them. */
  readonly sockets: Set<Socket>;
  /** Its HTTP/2 sessions (a secure server's connections that chose HTTP/2). */
  readonly sessions: Set<Http2Session>;
}

/** Open connections per server; tracked per connection, so a request pays nothing for it. */
const openConnections = new WeakMap<object, OpenConnections>();

/**
 * Remembers a server's open connections and sessions, so that a stop can tell the clients of
 * answers still to come to close the connection. `createApiServer` installs it.
 */
export function trackConnections(server: EventEmitter): void {
  const open: OpenConnections = { sockets: new Set(), sessions: new Set() };
  openConnections.set(server, open);
  const keep = (socket: Socket) => {
    open.sockets.add(socket);
    socket.once('close', () => open.sockets.delete(socket));
  };
  server.on('connection', keep);
  // Over TLS, node:http keeps the answer being written on the TLS socket, not on the TCP one.
  server.on('secureConnection', keep);
  server.on('session', (session: Http2Session) => {
    open.sessions.add(session);
    session.once('close', () => open.sessions.delete(session));
  });
}

/** What {@link trackConnections} found open on this server; undefined for a server it was not installed on. */
export function openConnectionsOf(server: object): OpenConnections | undefined {
  return openConnections.get(server);
}

/** The HTTP/1.1 answer a connection is busy with; node:http keeps it on the socket while it is being served. */
export const answerOn = (socket: Socket): ServerResponse | undefined =>
  (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage ?? undefined;
