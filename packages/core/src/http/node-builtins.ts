import { CorralError } from '@corral/errors';

/**
 * A Node built-in module, fetched from the running Node when a server is first made. Loading it
 * this way rather than by an import keeps the main entry free of Node modules, so `api.fetch` runs
 * on any runtime with Web APIs; only `listen`, `nodeHandler` and the server helpers need Node.
 */
function builtin<T>(id: string): T {
  const found = globalThis.process?.getBuiltinModule?.(id) as T | undefined;
  if (!found)
    throw new CorralError('CORRAL_NODE_ONLY', `This runtime has no ${id}; serve the API through api.fetch instead`);
  return found;
}

/** node:http, for plain servers and the status texts of refusals. */
export const nodeHttp = (): typeof import('node:http') => builtin('node:http');

/** node:http2, for servers that speak TLS (HTTP/2 with HTTP/1.1 beside it). */
export const nodeHttp2 = (): typeof import('node:http2') => builtin('node:http2');

/** node:tls, to check a certificate and key before a server is made with them. */
export const nodeTls = (): typeof import('node:tls') => builtin('node:tls');
