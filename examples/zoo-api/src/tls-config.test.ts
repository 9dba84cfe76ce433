import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.js';

// configFromEnv only reads the files; whether they hold a usable certificate is checked when the server is made.
const folder = mkdtempSync(join(tmpdir(), 'zoo-tls-config-'));
const certFile = join(folder, 'cert.pem');
const keyFile = join(folder, 'key.pem');
writeFileSync(certFile, 'certificate text');
writeFileSync(keyFile, 'key text');

describe('configFromEnv: TLS_CERT and TLS_KEY', () => {
  it('serves plain HTTP without them', () => {
    expect(configFromEnv({}).tls).toBeUndefined();
    expect(configFromEnv({}).publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('reads both files, and makes the default public URL and issuer https', () => {
    const config = configFromEnv({ TLS_CERT: certFile, TLS_KEY: keyFile });
    expect(config.tls).toEqual({
      cert: 'certificate text',
      key: 'key text',
      certFile,
      keyFile,
      hstsMaxAgeSeconds: 31_536_000,
    });
    expect(config.publicUrl).toBe('https://127.0.0.1:3000');
    expect(config.oauth).toMatchObject({ issuer: 'https://127.0.0.1:3000/oauth', audience: 'https://127.0.0.1:3000' });
  });

  it('keeps a PUBLIC_URL that is given, whatever its scheme (a proxy may terminate TLS in front)', () => {
    const config = configFromEnv({ TLS_CERT: certFile, TLS_KEY: keyFile, PUBLIC_URL: 'https://zoo.example' });
    expect(config.publicUrl).toBe('https://zoo.example');
  });

  it('takes the HSTS max-age from HSTS_MAX_AGE, 0 included', () => {
    expect(configFromEnv({ TLS_CERT: certFile, TLS_KEY: keyFile, HSTS_MAX_AGE: '0' }).tls?.hstsMaxAgeSeconds).toBe(0);
    expect(() => configFromEnv({ TLS_CERT: certFile, TLS_KEY: keyFile, HSTS_MAX_AGE: 'a year' })).toThrow(
      'HSTS_MAX_AGE must be a whole number of seconds; got "a year"',
    );
  });

  it.each([
    [{ TLS_CERT: certFile }, 'TLS_CERT and TLS_KEY go together: TLS_KEY (the private key as a PEM file) is not set'],
    [{ TLS_KEY: keyFile }, 'TLS_CERT and TLS_KEY go together: TLS_CERT (the certificate as a PEM file) is not set'],
    [
      { TLS_CERT: join(folder, 'missing.pem'), TLS_KEY: keyFile },
      `TLS_CERT names a file that cannot be read: ${join(folder, 'missing.pem')} (ENOENT)`,
    ],
    [{ TLS_CERT: certFile, TLS_KEY: folder }, `TLS_KEY names a file that cannot be read: ${folder} (EISDIR)`],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(message);
  });
});
