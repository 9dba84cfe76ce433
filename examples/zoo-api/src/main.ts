import { configFromEnv } from './config.js';
import { serve } from './serve.js';

const { basePath, oauth } = configFromEnv();
const service = await serve().catch((error: Error) => {
  console.error(`Zoo API could not start: ${error.message}`);
  process.exit(1);
});
const auth = oauth.kind === 'embedded' ? 'embedded authorization server at /oauth' : `tokens from ${oauth.issuer}`;
console.log(
  `Zoo API listening on ${service.localOrigin}${basePath} (public URL ${service.publicUrl}${basePath}; ${auth})`,
);

/**
 * Stop accepting, let in-flight requests finish (their answers close the connection; whatever is
 * still open after 5 s is cut off), flush the log, exit. The timer is a last resort.
 */
function shutdown(signal: string): void {
  console.log(`${signal} received, shutting down`);
  setTimeout(() => process.exit(0), 10_000).unref();
  void service.stop().then(() => process.exit(0));
}
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
