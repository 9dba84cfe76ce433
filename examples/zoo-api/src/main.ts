import { createZooApi } from './app.js';
import { configFromEnv } from './config.js';

const config = configFromEnv();
const api = createZooApi(config);
const server = api.listen(config.port, config.host);

server.on('listening', () => {
  console.log(`Zoo API listening on http://${config.host}:${config.port}${config.basePath} (public URL ${config.publicUrl}${config.basePath})`);
});
server.on('error', (error) => {
  console.error(`Zoo API could not start: ${error.message}`);
  process.exit(1);
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
