import { createServer } from 'node:http';
import { createZooApi } from './app.js';
import { configFromEnv } from './config.js';

const config = configFromEnv();
const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
const localOrigin = `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${config.port}`;
const api = await createZooApi(config, localOrigin);
const server = createServer(api.nodeHandler);

server.on('error', (error) => {
  console.error(`Zoo API could not start: ${error.message}`);
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  const auth = config.oauth.kind === 'embedded' ? `embedded authorization server at ${config.oauth.issuer}` : `tokens from ${config.oauth.issuer}`;
  console.log(`Zoo API listening on http://${config.host}:${config.port}${config.basePath} (public URL ${config.publicUrl}${config.basePath}; ${auth})`);
});

/** Stop accepting, let in-flight requests finish, then exit cleanly. */
function shutdown(signal: string): void {
  console.log(`${signal} received, shutting down`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
