// `@corral/core/node`: the node:http and node:http2 pieces. The main entry stays free of Node
// modules so that `api.fetch` runs on any runtime with Web APIs; `api.listen` and `api.nodeHandler`
// keep working on Node, loading node:http (or node:http2, for TLS) only when used.
export {
  createApiServer,
  defaultServerSettings,
  type NodeListener,
  type NodeServer,
  type SecureServerSettings,
  type ServerSettings,
} from './http/server-settings.js';
export type { StrictTransportSecurity, TlsOptions } from './http/tls-options.js';
export { stopGracefully } from './http/graceful-stop.js';
