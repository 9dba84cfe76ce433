// `@corral/core/node`: the node:http pieces. The main entry stays free of Node modules so that
// `api.fetch` runs on any runtime with Web APIs; `api.listen` and `api.nodeHandler` keep working
// on Node, loading node:http only when used.
export { createApiServer, defaultServerSettings, type ServerSettings } from './http/server-settings.js';
export { stopGracefully } from './http/graceful-stop.js';
