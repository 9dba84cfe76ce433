import { configFromEnv } from './config.js';
import { serve } from './serve.js';

/** One line naming what is wrong, not a stack trace: configuration mistakes are the operator's to fix. */
function cannotStart(error: Error): never {
  console.error(`Zoo API could not start: ${error.message}`);
  process.exit(1);
}

const service = await serve().catch(cannotStart);
const { basePath, oauth, tls } = configFromEnv(); // serve() has read it without complaint
const auth = oauth.kind === 'embedded' ? 'embedded authorization server at /oauth' : `tokens from ${oauth.issuer}`;
const protocols = tls ? 'HTTPS with HTTP/2 and HTTP/1.1' : 'HTTP/1.1';
console.log(
  `Zoo API listening on ${service.localOrigin}${basePath} (${protocols}; public URL ${service.publicUrl}${basePath}; ${auth})`,
);

/**
 * Stop accepting, let in-flight requests finish (their answers close the connection, HTTP/2
 * sessions are sent GOAWAY; whatever is still open after 5 s is cut off), flush the log, exit.
 * The timer is a last resort.
 */
function shutdown(signal: string): void {
  console.log(`${signal} received, shutting down`);
  setTimeout(() => process.exit(0), 10_000).unref();
  void service.stop().then(() => process.exit(0));
}
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
