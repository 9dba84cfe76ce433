import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Http2SecureServer } from 'node:http2';
import { http1Limits } from './http1-limits.js';
import { nodeHttp } from './node-builtins.js';
import { setStreamBufferLimit, streamBufferLimit } from './node-stream.js';
import { trackConnections } from './open-connections.js';
import { continueOnRead } from './expect-continue.js';
import { createSecureApiServer } from './secure-server.js';
import type { TlsOptions } from './tls-options.js';

/** Limits of a node:http server that serves an API; Node's own defaults suit long uploads, not APIs. */
export interface ServerSettings {
  /** Time a client has to send the request headers (default 10 s; Node's is 60 s). */
  readonly headersTimeoutMs?: number;
  /** Time a client has to send the whole request, body included (default 30 s; Node's is 300 s). */
  readonly requestTimeoutMs?: number;
  /** How long an idle keep-alive connection (or HTTP/2 session) stays open (default 5 s, as Node). */
  readonly keepAliveTimeoutMs?: number;
  /** Connections served at once; more are closed on arrival (default 10 000; Node has no cap). */
  readonly maxConnections?: number;
  /**
   * How many bytes a client may leave unread on a streamed answer (a feed) before it is cut off
   * (default 1 MiB): a client that stops reading costs at most this much memory. A streamed answer
   * is not bound by the request timeouts: it lasts as long as it writes.
   */
  readonly streamBufferBytes?: number;
}

/** {@link ServerSettings} of a server that speaks TLS: HTTP/2, and HTTP/1.1 for clients without it. */
export interface SecureServerSettings extends ServerSettings {
  /** The certificate and key, and what else TLS needs (see {@link TlsOptions}). */
  readonly tls: TlsOptions;
}

/** A server that {@link createApiServer} makes: node:http's, or node:http2's secure server. */
export type NodeServer = Server | Http2SecureServer;

/** A node:http request listener; on a secure server it also gets HTTP/2 requests (node:http2's compatibility API). */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The limits used where {@link ServerSettings} leaves one out. */
export const defaultServerSettings: Required<ServerSettings> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 10_000,
  streamBufferBytes: streamBufferLimit,
};

/**
 * A server with API-sized limits: a slow or stalled client is cut off after seconds rather than
 * minutes (timeouts are checked every second, not Node's 30), and the number of open connections
 * is bounded; {@link stopGracefully} can stop it without resetting keep-alive clients. With `tls`
 * it is a node:http2 secure server that speaks HTTP/2 and HTTP/1.1 (chosen by ALPN) under the same
 * limits, and sends `Strict-Transport-Security`. `api.listen` uses it; use it for a server of your own.
 */
export function createApiServer(settings: SecureServerSettings, listener?: NodeListener): Http2SecureServer;
export function createApiServer(settings?: ServerSettings, listener?: NodeListener): Server;
export function createApiServer(settings: ServerSettings | SecureServerSettings = {}, listener?: NodeListener) {
  const { tls, ...limits } = settings as Partial<SecureServerSettings>;
  const chosen = { ...defaultServerSettings, ...limits };
  if (tls) return setStreamBufferLimit(createSecureApiServer(chosen, tls, listener), chosen.streamBufferBytes);
  const server = setStreamBufferLimit(nodeHttp().createServer(http1Limits(chosen)), chosen.streamBufferBytes);
  server.maxConnections = chosen.maxConnections;
  trackConnections(server); // so that stopGracefully can answer with Connection: close
  if (listener) {
    server.on('request', listener);
    continueOnRead(server, listener);
  }
  return server;
}
