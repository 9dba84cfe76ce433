import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, isCorralError, requestIdFor, type Api, type Logger } from '@corral/core';
import { unreachableError as mysqlUnreachable } from '@corral/mysql';
import { unreachableError } from '@corral/postgres';
import { type NodeServer, stopGracefully } from '@corral/core/node';
import { createZooApi } from './app.js';
import { configFromEnv, type ZooConfig } from './config.js';
import { zooServer } from './zoo-server.js';

/** A started service: its address, and a way to stop it gently. */
export interface RunningService {
  /** node:http's server, or with TLS_CERT/TLS_KEY node:http2's secure server (HTTP/2 and HTTP/1.1). */
  readonly server: NodeServer;
  /** Where this process itself can be reached, e.g. `http://127.0.0.1:3000` (`https://` with TLS). */
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
 * The answers while the API is being assembled (or waits for its database): the liveness probe
 * (`<basePath>/health`) says the process is alive, as it is; everything else gets 503 with
 * Retry-After. Each answer has a request id, as every answer of the API does.
 */
export function answerStartingUp(basePath: string): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const requestId = requestIdFor(
      typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : undefined,
    );
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': requestId,
    };
    if (req.url?.split('?')[0] === `${basePath}/health` && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : '{"status":"ok"}');
      return;
    }
    res.writeHead(503, { ...headers, 'retry-after': '1' }).end('{"error":"Starting up"}');
  };
}

/**
 * What a start-up failure comes down to: for a database that cannot be reached, what, where and
 * why; else the cause behind an answer made for clients, when there is one.
 */
function startupFailure(error: unknown, config: ZooConfig): unknown {
  const { storage } = config;
  const unreachable =
    storage.kind === 'postgres'
      ? unreachableError(error, storage.url)
      : storage.kind === 'mysql'
        ? mysqlUnreachable(error, storage.url)
        : undefined;
  return unreachable ?? (error instanceof ApiError && error.cause instanceof Error ? error.cause : error);
}

function reasonOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * The assembled API once its stores are open. A database that does not answer yet is tried again
 * each second for `startupRetrySeconds` (the server answers 503 meanwhile); a mistake in the
 * declarations or the tables (a CorralError) is not, nor anything once the time is up: the server
 * then closes and the error is thrown.
 */
async function readyApi(
  config: ZooConfig,
  localOrigin: string,
  logger: Logger | undefined,
  server: NodeServer,
): Promise<Api> {
  const deadline = Date.now() + config.startupRetrySeconds * 1000;
  for (;;) {
    let api: Api | undefined;
    try {
      // Assembling reads from the database too (the signing key): it is part of what is tried again.
      api = await createZooApi(config, localOrigin, logger);
      await api.ready();
      return api;
    } catch (error) {
      await api?.close().catch(() => undefined);
      if (isCorralError(error) || Date.now() >= deadline) {
        server.close();
        // The exit line names what the database said, not the 503 text clients would get.
        throw startupFailure(error, config);
      }
      console.error(
        `Zoo API: the database does not answer yet (${reasonOf(startupFailure(error, config))}); trying again`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * Starts the zoo service as `npm start` does, from environment variables. Until the API is
 * assembled (it needs the port actually bound, e.g. for PORT=0), requests get 503.
 */
export async function serve(env: NodeJS.ProcessEnv = process.env, logger?: Logger): Promise<RunningService> {
  const config = configFromEnv(env);
  let handler = answerStartingUp(config.basePath);
  const server = zooServer(config.tls, (req, res) => handler(req, res), config.maxConnections);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const scheme = config.tls ? 'https' : 'http';
  const localOrigin = `${scheme}://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`;
  // With PORT=0 the defaults that name the port (PUBLIC_URL, the issuer) follow the port bound.
  const effective = config.port === 0 ? configFromEnv({ ...env, PORT: String(port) }) : config;
  const api = await readyApi(effective, localOrigin, logger, server);
  handler = api.nodeHandler;
  api.answerRejectedRequests(server);
  return {
    server,
    localOrigin,
    publicUrl: effective.publicUrl,
    stop: (graceMs = 5_000) => stopGracefully(server, graceMs).then(() => api.close()),
  };
}
