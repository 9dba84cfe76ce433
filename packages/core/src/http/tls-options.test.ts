import { isCorralError } from '@corral/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { testCertificate } from '../testing/tls.js';
import { checkTlsOptions, hstsHeader } from './tls-options.js';

let pair: { cert: string; key: string };
let other: { cert: string; key: string };
beforeAll(async () => {
  [pair, other] = await Promise.all([testCertificate(), testCertificate()]);
});

/** The code and message of what `work` throws. */
function refusal(work: () => unknown): { code?: string; message: string } {
  try {
    work();
  } catch (error) {
    expect(isCorralError(error)).toBe(true);
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error('nothing was thrown');
}

describe('checkTlsOptions', () => {
  it('accepts a certificate with its own key, as text or as bytes', () => {
    expect(() => checkTlsOptions(pair)).not.toThrow();
    expect(() =>
      checkTlsOptions({ cert: Buffer.from(pair.cert), key: new TextEncoder().encode(pair.key) }),
    ).not.toThrow();
  });

  it.each([
    ['a missing certificate', () => ({ cert: '', key: pair.key }), /tls\.cert must be the certificate in PEM/],
    [
      'a file name instead of the PEM',
      () => ({ cert: '/etc/ssl/zoo.pem', key: pair.key }),
      /tls\.cert is not a usable PEM certificate: .*no start line/,
    ],
    [
      'a key given as the certificate',
      () => ({ cert: pair.key, key: pair.key }),
      /tls\.cert is not a usable PEM certificate/,
    ],
    [
      'a missing key',
      () => ({ cert: pair.cert, key: undefined as unknown as string }),
      /tls\.key must be the private key in PEM/,
    ],
    [
      'a certificate given as the key',
      () => ({ cert: pair.cert, key: pair.cert }),
      /tls\.key is not a usable PEM private key/,
    ],
    [
      'the key of another certificate',
      () => ({ cert: pair.cert, key: other.key }),
      /tls\.key is not the private key of tls\.cert: .*key values mismatch/,
    ],
  ])('refuses %s with CORRAL_INVALID_TLS_OPTION, naming the option', (_label, options, message) => {
    const { code, message: text } = refusal(() => checkTlsOptions(options()));
    expect(code).toBe('CORRAL_INVALID_TLS_OPTION');
    expect(text).toMatch(message);
    expect(text).not.toMatch(/^error:[0-9A-F]+/); // OpenSSL's numeric prefix is dropped
  });
});

describe('hstsHeader', () => {
  it('asks for a year on this host alone by default, and for nothing when switched off', () => {
    expect(hstsHeader(undefined)).toBe('max-age=31536000');
    expect(hstsHeader({})).toBe('max-age=31536000');
    expect(hstsHeader(false)).toBeUndefined();
  });

  it('writes what it is given', () => {
    expect(hstsHeader({ maxAgeSeconds: 600 })).toBe('max-age=600');
    expect(hstsHeader({ maxAgeSeconds: 0 })).toBe('max-age=0'); // how a host withdraws the rule
    expect(hstsHeader({ maxAgeSeconds: 63_072_000, includeSubDomains: true, preload: true })).toBe(
      'max-age=63072000; includeSubDomains; preload',
    );
  });

  it.each([
    [{ maxAgeSeconds: -1 }, /whole number of seconds/],
    [{ maxAgeSeconds: 1.5 }, /whole number of seconds/],
    [{ preload: true }, /preload needs includeSubDomains/],
    [{ preload: true, includeSubDomains: true, maxAgeSeconds: 600 }, /at least one year/],
  ])('refuses %o', (hsts, message) => {
    const { code, message: text } = refusal(() => hstsHeader(hsts));
    expect(code).toBe('CORRAL_INVALID_TLS_OPTION');
    expect(text).toMatch(message);
  });
});
