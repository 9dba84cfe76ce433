import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@corral/core';
import { createApiServer, stopGracefully } from '@corral/core/node';
import { createZooApi } from './app.js';
import { configFromEnv } from './config.js';

/** A started service: its address, and a way to stop it gently. */
export interface RunningService {
  readonly server: Server;
  /** Where this process itself can be reached, e.g. `http://127.0.0.1:3000`. */
  readonly localOrigin: string;
  readonly publicUrl: string;
  /**
   * Stops accepting connections, lets in-flight requests finish (their answers close the
   * connection), cuts off what is still open after `graceMs` (default 5 s), then flushes the
   * access log.
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts the zoo service as `npm start` does, from environment variables. Until the API is
 * assembled (it needs the port actually bound, e.g. for PORT=0), requests get 503.
 */
export async function serve(env: NodeJS.ProcessEnv = process.env, logger?: Logger): Promise<RunningService> {
  const config = configFromEnv(env);
  const server = createApiServer();
  let handler = (_req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' }).end('{"error":"Starting up"}');
  };
  server.on('request', (req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const localOrigin = `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`;
  // With PORT=0 the defaults that name the port (PUBLIC_URL, the issuer) follow the port bound.
  const effective = config.port === 0 ? configFromEnv({ ...env, PORT: String(port) }) : config;
  const api = await createZooApi(effective, localOrigin, logger);
  await api.ready();
  handler = api.nodeHandler;
  api.answerRejectedRequests(server);
  return {
    server,
    localOrigin,
    publicUrl: effective.publicUrl,
    stop: (graceMs = 5_000) => stopGracefully(server, graceMs).then(() => api.close()),
  };
}
