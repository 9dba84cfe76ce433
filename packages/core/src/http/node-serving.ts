import type { ErrorDocsUrl } from '@corral/errors';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Http2SecureServer } from 'node:http2';
import type { CorralRequest, CorralResponse } from './exchange.js';
import { createNodeHandler, type NodeMounts } from './node-handler.js';
import { answerRejectedRequests } from './rejected-requests.js';
import { createApiServer, type NodeServer, type SecureServerSettings, type ServerSettings } from './server-settings.js';

/** How an API is served on Node: its request listener, a server of its own, and refusals in its error shape. */
export interface NodeServing {
  /**
   * A node:http request listener (the fast path), for an existing server; on a node:http2 server
   * (compatibility API) it serves HTTP/2 requests too.
   */
  readonly nodeHandler: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * Starts a server that speaks TLS on the port and returns it: HTTPS with HTTP/2, and HTTP/1.1
   * for clients without it, under the same API-sized timeouts (see {@link SecureServerSettings}).
   * The host defaults to 127.0.0.1: give `0.0.0.0` (or `::`) to accept connections from other
   * machines. `settings` are laid over `createApi({ server })`.
   */
  listen(port: number, host: string | undefined, settings: SecureServerSettings): Http2SecureServer;
  /**
   * Starts a plain node:http server with API-sized timeouts on the port and returns it (host
   * 127.0.0.1 unless given); `settings` are laid over `createApi({ server })`.
   */
  listen(port: number, host?: string, settings?: ServerSettings): Server;
  /**
   * Makes a server answer what it refuses before any handler runs (malformed HTTP, oversized
   * headers, timeouts) and CONNECT in this API's error shape. `listen` does it itself.
   */
  answerRejectedRequests<S extends NodeServer>(server: S): S;
}

/** What {@link nodeServing} serves: the API's pipeline, its mounts, its server settings and error pages. */
export interface NodeServingParts {
  readonly handle: (request: CorralRequest) => Promise<CorralResponse>;
  readonly mounts: NodeMounts;
  readonly server: ServerSettings | undefined;
  readonly docsUrl: ErrorDocsUrl;
}

/** Builds the Node side of an API; node:http and node:http2 are loaded only when a server is made. */
export function nodeServing(parts: NodeServingParts): NodeServing {
  const nodeHandler = createNodeHandler(parts.handle, parts.mounts, parts.docsUrl);
  const rejecting = <S extends NodeServer>(server: S): S => {
    answerRejectedRequests(server, parts.docsUrl);
    return server;
  };
  const listen = (port: number, host = '127.0.0.1', settings: ServerSettings | SecureServerSettings = {}) => {
    // Either kind of server comes from here (with `tls` or without); `listen`'s overloads tell callers which.
    const server: NodeServer = createApiServer({ ...parts.server, ...settings } as ServerSettings, nodeHandler);
    return rejecting(server).listen(port, host);
  };
  return { nodeHandler, listen: listen as NodeServing['listen'], answerRejectedRequests: rejecting };
}
