import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { trackConnections } from './graceful-stop.js';
import { nodeHttp } from './node-builtins.js';

/** Limits of a node:http server that serves an API; Node's own defaults suit long uploads, not APIs. */
export interface ServerSettings {
  /** Time a client has to send the request headers (default 10 s; Node's is 60 s). */
  readonly headersTimeoutMs?: number;
  /** Time a client has to send the whole request, body included (default 30 s; Node's is 300 s). */
  readonly requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open (default 5 s, as Node). */
  readonly keepAliveTimeoutMs?: number;
  /** Connections served at once; more are closed on arrival (default 10 000; Node has no cap). */
  readonly maxConnections?: number;
}

/** The limits used where {@link ServerSettings} leaves one out. */
export const defaultServerSettings: Required<ServerSettings> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 10_000,
};

/**
 * A node:http server with API-sized limits: a slow or stalled client is cut off after seconds
 * rather than minutes (timeouts are checked every second, not Node's 30), and the number of open
 * connections is bounded; {@link stopGracefully} can stop it without resetting keep-alive
 * clients. `api.listen` uses it; use it for a server of your own.
 */
export function createApiServer(
  settings: ServerSettings = {},
  listener?: (req: IncomingMessage, res: ServerResponse) => void,
): Server {
  const chosen = { ...defaultServerSettings, ...settings };
  const server = nodeHttp().createServer({
    headersTimeout: chosen.headersTimeoutMs,
    requestTimeout: chosen.requestTimeoutMs,
    keepAliveTimeout: chosen.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, chosen.headersTimeoutMs, chosen.requestTimeoutMs || Infinity),
    // Node would answer a missing Host with an empty 400; the API answers it in its own shape.
    requireHostHeader: false,
  });
  server.maxConnections = chosen.maxConnections;
  trackConnections(server); // so that stopGracefully can answer with Connection: close
  if (listener) server.on('request', listener);
  return server;
}
