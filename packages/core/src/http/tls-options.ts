import { CorralError } from '@corral/errors';
import { nodeTls } from './node-builtins.js';

/**
 * How a server speaks TLS: HTTP/2, with HTTP/1.1 beside it for clients that do not offer HTTP/2
 * (chosen per connection by ALPN).
 */
export interface TlsOptions {
  /** The certificate in PEM, followed by the intermediate certificates of its chain, if any. */
  readonly cert: string | Uint8Array;
  /** The private key of the certificate, in PEM. */
  readonly key: string | Uint8Array;
  /** Unlocks an encrypted private key. */
  readonly passphrase?: string;
  /** Serve HTTP/1.1 to clients that do not speak HTTP/2 (default true); false refuses them. */
  readonly allowHTTP1?: boolean;
  /**
   * The `Strict-Transport-Security` header sent on every answer over TLS, which tells browsers to
   * use only `https` for this host from then on: on with a max-age of one year unless `false`.
   */
  readonly hsts?: StrictTransportSecurity | false;
}

/** What `Strict-Transport-Security` says (RFC 6797). */
export interface StrictTransportSecurity {
  /** How long browsers remember to use only `https`, in seconds (default 31 536 000, one year). */
  readonly maxAgeSeconds?: number;
  /** Whether the rule covers every subdomain of the host too (default false). */
  readonly includeSubDomains?: boolean;
  /** Asks to be put on the browsers' built-in list (default false; needs `includeSubDomains` and a year). */
  readonly preload?: boolean;
}

const oneYear = 31_536_000;

function invalid(message: string, cause?: unknown): CorralError {
  return new CorralError('CORRAL_INVALID_TLS_OPTION', message, cause === undefined ? undefined : { cause });
}

/** The header value `hsts` asks for, or undefined when it is switched off. */
export function hstsHeader(hsts: StrictTransportSecurity | false | undefined): string | undefined {
  if (hsts === false) return undefined;
  const maxAge = hsts?.maxAgeSeconds ?? oneYear;
  if (!Number.isSafeInteger(maxAge) || maxAge < 0)
    throw invalid(`tls.hsts.maxAgeSeconds must be a whole number of seconds; got ${maxAge}`);
  if (hsts?.preload && !(hsts.includeSubDomains && maxAge >= oneYear))
    throw invalid('tls.hsts.preload needs includeSubDomains and a maxAgeSeconds of at least one year');
  return `max-age=${maxAge}${hsts?.includeSubDomains ? '; includeSubDomains' : ''}${hsts?.preload ? '; preload' : ''}`;
}

/** OpenSSL's reason without its numeric prefix (`error:1E08010C:DECODER routines::unsupported`). */
const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/^error:[0-9A-Fa-f]+:/, '');

/**
 * Loads the certificate and key once before the server is made, so that a mistake stops start-up
 * with a message saying which of the two is wrong, not an OpenSSL error at the first handshake.
 */
export function checkTlsOptions(tls: TlsOptions): void {
  const empty = (value: unknown) => (typeof value !== 'string' && !(value instanceof Uint8Array)) || value.length === 0;
  if (empty(tls.cert)) throw invalid('tls.cert must be the certificate in PEM (a string or bytes)');
  if (empty(tls.key)) throw invalid('tls.key must be the private key in PEM (a string or bytes)');
  const { createSecureContext } = nodeTls();
  // Node takes any bytes; its types say Buffer.
  const cert = tls.cert as string | Buffer;
  const key = tls.key as string | Buffer;
  const passphrase = tls.passphrase === undefined ? {} : { passphrase: tls.passphrase };
  try {
    createSecureContext({ cert });
  } catch (error) {
    throw invalid(`tls.cert is not a usable PEM certificate: ${reasonOf(error)}`, error);
  }
  try {
    createSecureContext({ key, ...passphrase });
  } catch (error) {
    throw invalid(`tls.key is not a usable PEM private key (or its passphrase is wrong): ${reasonOf(error)}`, error);
  }
  try {
    createSecureContext({ cert, key, ...passphrase });
  } catch (error) {
    throw invalid(`tls.key is not the private key of tls.cert: ${reasonOf(error)}`, error);
  }
}
