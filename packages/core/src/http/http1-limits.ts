import type { ServerSettings } from './server-settings.js';

/** node:http's names for the limits of {@link ServerSettings}, for a plain server and for HTTP/1.1 over TLS. */
export function http1Limits(chosen: Required<ServerSettings>) {
  return {
    headersTimeout: chosen.headersTimeoutMs,
    requestTimeout: chosen.requestTimeoutMs,
    keepAliveTimeout: chosen.keepAliveTimeoutMs,
    // Checked every second rather than Node's 30, so that a timeout means what it says.
    connectionsCheckingInterval: Math.min(1_000, chosen.headersTimeoutMs, chosen.requestTimeoutMs || Infinity),
    // Node would answer a missing Host with an empty 400; the API answers it in its own shape.
    requireHostHeader: false,
  };
}
