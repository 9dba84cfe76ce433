import { isCorralError } from '@corral/core';
import { createApiServer, type NodeListener, type NodeServer } from '@corral/core/node';
import type { TlsConfig } from './tls-config.js';

/** Core names the options (`tls.cert`); the operator set variables: the message names those and their files. */
function inOperatorTerms(message: string, tls: TlsConfig): string {
  return message
    .replaceAll('tls.cert', `TLS_CERT (${tls.certFile})`)
    .replaceAll('tls.key', `TLS_KEY (${tls.keyFile})`)
    .replaceAll('tls.hsts.maxAgeSeconds', 'HSTS_MAX_AGE');
}

/**
 * The server `npm start` listens with: plain HTTP, or with TLS_CERT and TLS_KEY HTTPS that speaks
 * HTTP/2 and HTTP/1.1 and sends Strict-Transport-Security. A certificate or key that cannot be
 * used fails here, before anything listens, with a message naming the variable and its file.
 */
export function zooServer(tls: TlsConfig | undefined, listener: NodeListener, maxConnections?: number): NodeServer {
  if (!tls) return createApiServer({ maxConnections }, listener);
  try {
    return createApiServer(
      { maxConnections, tls: { cert: tls.cert, key: tls.key, hsts: { maxAgeSeconds: tls.hstsMaxAgeSeconds } } },
      listener,
    );
  } catch (error) {
    if (isCorralError(error) && error.code === 'CORRAL_INVALID_TLS_OPTION')
      throw new Error(inOperatorTerms(error.message, tls), { cause: error });
    throw error;
  }
}
