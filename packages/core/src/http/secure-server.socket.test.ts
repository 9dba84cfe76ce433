import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotency } from '../idempotency/idempotency-plugin.js';
import { memoryIdempotency } from '../idempotency/memory-idempotency.js';
import { testApi } from '../testing/fixtures.js';
import { http2Request, https1Request, testCertificate } from '../testing/tls.js';
import type { TlsOptions } from './tls-options.js';

const run = promisify(execFile);
const curl = await run('curl', ['--version']).then(
  (found) => found.stdout.includes('HTTP2'),
  () => false,
);
// Outside CI a machine without such a curl skips these tests; CI must run them.
if (!curl && process.env.CI === 'true') throw new Error('CI needs curl built with HTTP/2 for the HTTPS tests');

let tls: { cert: string; key: string };
let server: Http2SecureServer;
let origin: string;

/** Serves the test API over TLS with these options laid over the certificate. */
async function listenSecure(extra: Partial<TlsOptions> = {}, api = testApi()) {
  const started = api.listen(0, undefined, { tls: { ...tls, ...extra } });
  await once(started, 'listening');
  return { server: started, origin: `https://127.0.0.1:${(started.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  tls = await testCertificate();
  const api = testApi({ plugins: [idempotency({ store: memoryIdempotency() })] });
  ({ server, origin } = await listenSecure({}, api));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const employee = { name: 'Dora', yearOfBirth: 1991, state: 'internal', maturity: 'junior' };

describe('api.listen with tls: HTTPS with HTTP/2 and HTTP/1.1 on one port', () => {
  it('answers an HTTP/2 client over h2, with HSTS and the request id it sent', async () => {
    const answer = await http2Request(origin, tls.cert, { ':path': '/v1/employees/1', 'x-request-id': 'h2-1' });
    expect([answer.protocol, answer.status, JSON.parse(answer.text).name]).toEqual(['h2', 200, 'Ada']);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(answer.headers['x-request-id']).toBe('h2-1');
  });

  it.each([
    ['offering http/1.1 in ALPN', true, 'http/1.1'],
    ['offering no ALPN at all', false, false],
  ])('answers an HTTP/1.1 client %s', async (_label, alpn, protocol) => {
    const answer = await https1Request(`${origin}/v1/employees/1`, tls.cert, { alpn });
    expect([answer.protocol, answer.status, JSON.parse(answer.text).name]).toEqual([protocol, 200, 'Ada']);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.skipIf(!curl)('serves curl --http2 and curl --http1.1 (needs curl built with HTTP/2)', async () => {
    const caFile = join(mkdtempSync(join(tmpdir(), 'corral-tls-')), 'ca.pem');
    writeFileSync(caFile, tls.cert);
    const ask = async (version: string) =>
      (
        await run('curl', [
          '-s',
          '-o',
          '/dev/null',
          '-w',
          '%{http_version} %{http_code}',
          '--cacert',
          caFile,
          version,
          `${origin}/v1`,
        ])
      ).stdout;
    expect(await ask('--http2')).toBe('2 200');
    expect(await ask('--http1.1')).toBe('1.1 200');
  });

  it.skipIf(!curl)(
    'answers Expect: 100-continue over h2 and HTTP/1.1 with HSTS, and a refusal with no upload',
    async () => {
      // Such requests reach the server as 'checkContinue', not 'request': every request listener
      // (HSTS, HTTP/2 limits, graceful stop) must still see them.
      const caFile = join(mkdtempSync(join(tmpdir(), 'corral-tls-')), 'ca.pem');
      writeFileSync(caFile, tls.cert);
      const post = async (version: string, path: string, body: string) =>
        (
          await run('curl', [
            '-s',
            '-D',
            '-',
            '-o',
            '/dev/null',
            '-w',
            '%{http_version} %{http_code} %{size_upload}',
            '--cacert',
            caFile,
            version,
            '-H',
            'Expect: 100-continue',
            '-H',
            'content-type: application/json',
            '--data-binary',
            body,
            `${origin}${path}`,
          ])
        ).stdout;
      const employeeBody = JSON.stringify(employee);
      for (const version of ['--http2', '--http1.1']) {
        const created = await post(version, '/v1/employees', employeeBody);
        expect(created).toMatch(/strict-transport-security: max-age=31536000/i);
        expect(created.trim().split('\n').at(-1)).toBe(
          `${version === '--http2' ? '2' : '1.1'} 201 ${employeeBody.length}`,
        );
        // Refused before the body is needed: curl uploads nothing.
        const refused = await post(version, '/v1/nothing-here', employeeBody);
        expect(refused).toMatch(/strict-transport-security: max-age=31536000/i);
        expect(refused.trim().split('\n').at(-1)).toBe(`${version === '--http2' ? '2' : '1.1'} 404 0`);
      }
    },
  );

  it('reads an HTTP/2 body that comes without Content-Length, for handlers and idempotency keys alike', async () => {
    const post = (body: object) =>
      http2Request(
        origin,
        tls.cert,
        {
          ':method': 'POST',
          ':path': '/v1/employees',
          'content-type': 'application/json',
          'idempotency-key': 'h2-body',
        },
        JSON.stringify(body),
      );
    const created = await post(employee);
    expect(created.status).toBe(201);
    expect(created.headers['content-length']).toBeDefined();
    // The same key with another body: the key's body was seen, so this is refused rather than replayed.
    expect((await post({ ...employee, name: 'Other' })).status).toBe(422);
  });

  it('refuses a body over the limit with 413 in the error shape, and no Connection header on HTTP/2', async () => {
    const answer = await http2Request(
      origin,
      tls.cert,
      { ':method': 'POST', ':path': '/v1/employees', 'content-type': 'application/json' },
      `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`,
    );
    expect([answer.status, JSON.parse(answer.text)]).toEqual([413, { error: expect.stringContaining('larger') }]);
    expect(answer.headers.connection).toBeUndefined();
  });

  it('sends no Strict-Transport-Security over plain HTTP', async () => {
    const plain = testApi().listen(0);
    await once(plain, 'listening');
    try {
      const answer = await fetch(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/v1`);
      expect(answer.status).toBe(200);
      expect(answer.headers.has('strict-transport-security')).toBe(false);
    } finally {
      plain.close();
    }
  });

  it.each([
    [false, undefined],
    [{ maxAgeSeconds: 300, includeSubDomains: true }, 'max-age=300; includeSubDomains'],
  ] as const)('sends HSTS as tls.hsts %o says', async (hsts, expected) => {
    const secure = await listenSecure({ hsts });
    try {
      const answer = await http2Request(secure.origin, tls.cert, { ':path': '/v1' });
      expect(answer.headers['strict-transport-security']).toBe(expected);
    } finally {
      secure.server.close();
    }
  });

  it('refuses HTTP/1.1 clients with allowHTTP1: false', async () => {
    const secure = await listenSecure({ allowHTTP1: false });
    try {
      await expect(https1Request(`${secure.origin}/v1`, tls.cert)).rejects.toThrow();
      expect((await http2Request(secure.origin, tls.cert, { ':path': '/v1' })).status).toBe(200);
    } finally {
      secure.server.close();
    }
  });

  it('refuses unusable TLS options before listening', () => {
    expect(() => testApi().listen(0, undefined, { tls: { cert: 'zoo.pem', key: tls.key } })).toThrow(
      expect.objectContaining({ code: 'CORRAL_INVALID_TLS_OPTION' }),
    );
  });
});
