import { CorralError } from '@corral/errors';

/**
 * node:http, fetched from the running Node when a server is first made. Loading it this way
 * rather than by an import keeps the main entry free of Node modules, so `api.fetch` runs on any
 * runtime with Web APIs; only `listen`, `nodeHandler` and the server helpers need Node.
 */
export function nodeHttp(): typeof import('node:http') {
  const http = globalThis.process?.getBuiltinModule?.('node:http');
  if (!http)
    throw new CorralError('CORRAL_NODE_ONLY', 'This runtime has no node:http; serve the API through api.fetch instead');
  return http;
}
