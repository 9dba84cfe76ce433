import { readFileSync } from 'node:fs';

/** What `npm start` serves HTTPS with, read from TLS_CERT and TLS_KEY (both or neither). */
export interface TlsConfig {
  /** The certificate (and its chain) in PEM, read from the file TLS_CERT names. */
  readonly cert: string;
  /** Its private key in PEM, read from the file TLS_KEY names. */
  readonly key: string;
  /** The files they came from, for messages. */
  readonly certFile: string;
  readonly keyFile: string;
  /** HSTS_MAX_AGE: the max-age of Strict-Transport-Security in seconds (default a year; 0 tells browsers to forget it). */
  readonly hstsMaxAgeSeconds: number;
}

function pemFile(variable: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`${variable} names a file that cannot be read: ${path} (${reason})`);
  }
}

function hstsMaxAgeFrom(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 31_536_000;
  const seconds = Number(raw);
  if (!Number.isSafeInteger(seconds) || seconds < 0)
    throw new Error(`HSTS_MAX_AGE must be a whole number of seconds; got "${raw}"`);
  return seconds;
}

/** The TLS settings TLS_CERT and TLS_KEY (PEM file paths) ask for, or undefined for plain HTTP. */
export function tlsFrom(env: NodeJS.ProcessEnv): TlsConfig | undefined {
  const certFile = env.TLS_CERT || undefined;
  const keyFile = env.TLS_KEY || undefined;
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined)
    throw new Error(
      `TLS_CERT and TLS_KEY go together: ${certFile === undefined ? 'TLS_CERT (the certificate' : 'TLS_KEY (the private key'} as a PEM file) is not set`,
    );
  return {
    cert: pemFile('TLS_CERT', certFile),
    key: pemFile('TLS_KEY', keyFile),
    certFile,
    keyFile,
    hstsMaxAgeSeconds: hstsMaxAgeFrom(env.HSTS_MAX_AGE),
  };
}
