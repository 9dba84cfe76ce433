import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MainProcess, startMain } from './testing/start-main.js';
import { http2Call, https1Call, type TestCertificate, testCertificateFiles } from './testing/tls-client.js';

const run = promisify(execFile);
const curl = await run('curl', ['--version']).then(
  (found) => found.stdout.includes('HTTP2'),
  () => false,
);
// Outside CI a machine without such a curl skips these tests; CI must run them.
if (!curl && process.env.CI === 'true') throw new Error('CI needs curl built with HTTP/2 for the HTTPS tests');

let certificate: TestCertificate;
let main: MainProcess;
let origin: string;
beforeAll(async () => {
  certificate = await testCertificateFiles();
  main = startMain({
    STORE: 'memory',
    LOG_LEVEL: 'silent',
    TLS_CERT: certificate.certFile,
    TLS_KEY: certificate.keyFile,
  });
  origin = await main.origin;
}, 30_000);
afterAll(async () => {
  main.child.kill('SIGTERM');
  expect(await main.exited).toBe(0);
});

describe('npm start with TLS_CERT and TLS_KEY', () => {
  it('says it serves HTTPS, and names https in its public URL and issuer', async () => {
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(main.output()).toMatch(/HTTPS with HTTP\/2 and HTTP\/1\.1; public URL https:\/\/127\.0\.0\.1:\d+/);
    const discovery = await http2Call(origin, certificate.cert, { ':path': '/oauth/.well-known/openid-configuration' });
    expect(discovery.json.issuer).toBe(`https://127.0.0.1:${new URL(origin).port}/oauth`);
    expect(discovery.json.token_endpoint).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/oauth\/token$/);
  });

  it('answers an HTTP/2 client (node:http2) with Strict-Transport-Security', async () => {
    const answer = await http2Call(origin, certificate.cert, { ':path': '/v1' });
    expect([answer.protocol, answer.status]).toEqual(['h2', 200]);
    expect(answer.json.employees_url).toEqual(expect.any(String));
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('answers an HTTP/1.1 client (node:https) with Strict-Transport-Security', async () => {
    const answer = await https1Call(`${origin}/v1`, certificate.cert);
    expect([answer.protocol, answer.status]).toEqual(['http/1.1', 200]);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('gets a token, lists and creates over HTTP/2 from node:http2', async () => {
    const basic = `Basic ${Buffer.from('zoo-admin:zoo-admin-secret').toString('base64')}`;
    const token = await http2Call(
      origin,
      certificate.cert,
      {
        ':method': 'POST',
        ':path': '/oauth/token',
        authorization: basic,
        'content-type': 'application/x-www-form-urlencoded',
      },
      'grant_type=client_credentials',
    );
    expect([token.status, token.json]).toEqual([200, expect.anything()]);
    const bearer = `Bearer ${token.json.access_token}`;
    const list = await http2Call(origin, certificate.cert, {
      ':path': '/v1/employees?state=internal&limit=5',
      authorization: bearer,
    });
    expect([list.status, list.json.employees.length]).toEqual([200, 5]);
    const created = await http2Call(
      origin,
      certificate.cert,
      { ':method': 'POST', ':path': '/v1/employees', authorization: bearer, 'content-type': 'application/json' },
      JSON.stringify({ name: 'Nora Frei', yearOfBirth: 1991, state: 'internal', maturity: 'junior' }),
    );
    expect([created.status, created.headers.location]).toEqual([201, `/v1/employees/${created.json.id}`]);
  });

  it('answers headers over 16 KiB with 431 in the error shape on both protocols', async () => {
    const big = { 'x-big': 'a'.repeat(20_000) };
    const overHttp2 = await http2Call(origin, certificate.cert, { ':path': '/v1', ...big });
    const overHttp1 = await https1Call(`${origin}/v1`, certificate.cert, big);
    for (const answer of [overHttp2, overHttp1]) {
      expect([answer.status, answer.json]).toEqual([431, { error: expect.stringContaining('larger') }]);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it.skipIf(!curl)(
    'serves the README walkthrough to curl --http2 over https (needs curl built with HTTP/2)',
    async () => {
      const caFile = join(mkdtempSync(join(tmpdir(), 'zoo-ca-')), 'ca.pem');
      writeFileSync(caFile, certificate.cert);
      /** curl as the README runs it, over HTTP/2, trusting the test certificate; the protocol and status end the output. */
      const curlHttp2 = async (...args: string[]) => {
        const { stdout } = await run('curl', [
          '-s',
          '--http2',
          '--cacert',
          caFile,
          '-w',
          '\n%{http_version} %{http_code}',
          ...args,
        ]);
        const lines = stdout.split('\n');
        return { body: lines.slice(0, -1).join('\n'), status: lines.at(-1) };
      };
      const tokenOf = async (client: string) => {
        const answer = await curlHttp2(
          '-u',
          `${client}:${client}-secret`,
          '-d',
          'grant_type=client_credentials',
          `${origin}/oauth/token`,
        );
        expect(answer.status).toBe('2 200');
        return JSON.parse(answer.body).access_token as string;
      };
      const reader = await tokenOf('zoo-reader');
      const list = await curlHttp2(
        '-H',
        `Authorization: Bearer ${reader}`,
        `${origin}/v1/employees?state=internal&sortby=name&limit=5`,
      );
      expect([list.status, JSON.parse(list.body).employees.length]).toEqual(['2 200', 5]);
      const admin = await tokenOf('zoo-admin');
      const created = await curlHttp2(
        '-X',
        'POST',
        '-H',
        `Authorization: Bearer ${admin}`,
        '-H',
        'Content-Type: application/json',
        '-d',
        '{"name":"Nora Frei","yearOfBirth":1991,"state":"internal","maturity":"junior"}',
        `${origin}/v1/employees`,
      );
      expect([created.status, JSON.parse(created.body).name]).toEqual(['2 201', 'Nora Frei']);
    },
  );
});

describe('npm start with unusable TLS settings', () => {
  it.each([
    [
      'TLS_KEY missing',
      () => ({ TLS_CERT: certificate.certFile }),
      /TLS_CERT and TLS_KEY go together: TLS_KEY \(the private key as a PEM file\) is not set/,
    ],
    [
      'an unreadable file',
      () => ({ TLS_CERT: '/nonexistent/cert.pem', TLS_KEY: certificate.keyFile }),
      /TLS_CERT names a file that cannot be read: \/nonexistent\/cert\.pem \(ENOENT\)/,
    ],
    [
      'a key given as the certificate',
      () => ({ TLS_CERT: certificate.keyFile, TLS_KEY: certificate.keyFile }),
      /TLS_CERT \(.*key\.pem\) is not a usable PEM certificate/,
    ],
  ])(
    'exits with one line naming the mistake, not a stack trace: %s',
    async (_label, env, message) => {
      const failed = startMain({ STORE: 'memory', ...env() });
      failed.origin.catch(() => {}); // it never listens: that is the point
      expect(await failed.exited).toBe(1);
      const said = failed.errorOutput().trim();
      expect(said).toMatch(/^Zoo API could not start: /);
      expect(said).toMatch(message);
      expect(said.split('\n')).toHaveLength(1);
    },
    30_000,
  );
});
