// Answers beyond the plain ones, checked against the published document with their headers:
// partial records (?fields=) on every kind of read, the challenge on auth refusals, jobs, CORS
// preflights on every path, and a 408. Each must be what the document says, headers included.
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { silentLogger } from '@corral/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZooApi } from './app.js';
import { configFromEnv } from './config.js';
import { contractChecker } from './testing/contract.js';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

let zoo: RunningZoo;
let admin: string;
let reader: string;
let contract: ReturnType<typeof contractChecker>;

async function send(method: string, path: string, headers: Record<string, string> = {}, token = admin) {
  const res = await fetch(`${zoo.origin}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    redirect: 'manual',
  });
  const text = await res.text();
  contract.check(method, path, res.status, text, res.headers);
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  zoo = await startZoo();
  admin = await zoo.token('zoo-admin');
  reader = await zoo.token('zoo-reader');
  contract = contractChecker(await (await fetch(`${zoo.origin}/v1/openapi.json`)).json());
});
afterAll(() => zoo.close());

describe('the document describes what the zoo answers', () => {
  it('partial records with ?fields=: every list, record, nested list, expansion and cursor page', async () => {
    const picks: Record<string, string> = {
      zoos: 'city',
      animals: 'name',
      employees: 'name,maturity',
      customers: 'email',
      suppliers: 'city',
    };
    for (const [name, fields] of Object.entries(picks)) {
      const page = await send('GET', `/v1/${name}?fields=${fields}&limit=2`);
      expect(page.status).toBe(200);
      expect(Object.keys(page.json[name][0]).sort()).toEqual(['id', 'links', ...fields.split(',')].sort());
      expect((await send('GET', `/v1/${name}/1?fields=${fields}`)).status).toBe(200);
      expect((await send('GET', `/v1/${name}?fields=${fields}&paging=cursor&limit=1`)).status).toBe(200);
    }
    const nested = await send('GET', '/v1/employees/1/salaryStatements?fields=period');
    expect(nested.json.salaryStatements[0]).not.toHaveProperty('grossAmount');
    expect((await send('GET', '/v1/employees/1/salaryStatements/1?fields=currency')).status).toBe(200);
    expect((await send('GET', '/v1/zoos/1/animals?fields=name&limit=2')).status).toBe(200);
    const expanded = await send('GET', '/v1/animals?fields=name&expand=zoo&limit=2');
    expect(expanded.json.animals[0].zoo).toHaveProperty('city');
    expect((await send('GET', '/v1/zoos/1?fields=name&expand=animals')).status).toBe(200);
    // Without fields the whole record is held to the whole schema, headers as well.
    expect((await send('GET', '/v1/employees?expand=salary&limit=2')).status).toBe(200);
  });

  it('the challenge on 401, 403 and the 400s for a token in the URL or two credentials', async () => {
    expect((await send('GET', '/v1/zoos', {}, '')).headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await send('GET', `/v1/zoos?access_token=${admin}`, {}, '')).status).toBe(400);
    const two = await send('GET', '/v1/zoos', { authorization: `Bearer ${admin}, Bearer ${admin}` }, '');
    expect(two.status).toBe(400);
    expect(two.headers.get('www-authenticate')).toMatch(/invalid_request/);
    expect((await send('DELETE', '/v1/zoos/1', {}, reader)).headers.get('www-authenticate')).toMatch(
      /insufficient_scope/,
    );
  });

  it('a job: 202 with Location and Preference-Applied, then its state', async () => {
    const job = await send('DELETE', '/v1/suppliers', { prefer: 'respond-async' });
    expect(job.status).toBe(202);
    expect(job.headers.get('preference-applied')).toBe('respond-async');
    expect((await send('GET', job.headers.get('location')!)).status).toBe(200);
  });

  it('CORS preflights on every kind of path, those without an OPTIONS operation of their own too', async () => {
    const preflight = { origin: zoo.origin, 'access-control-request-method': 'GET' };
    for (const path of ['/v1/zoos', '/v1/zoos/1', '/v1/search', '/v1', '/v1/jobs/x', '/v1/openapi.json', '/'])
      expect((await send('OPTIONS', path, preflight, '')).status, path).toBe(204);
    // A plain OPTIONS where no route serves it is a 405 naming the methods.
    const plain = await send('OPTIONS', '/v1/search');
    expect(plain.status).toBe(405);
    expect(plain.headers.get('allow')).toContain('GET');
    expect((await send('OPTIONS', '/v1/zoos')).headers.get('allow')).toContain('POST');
  });

  it('a 408 for headers that come too slowly', async () => {
    const origin = 'http://127.0.0.1:0';
    const api = await createZooApi(configFromEnv({ STORE: 'memory', PUBLIC_URL: origin }), origin, silentLogger);
    const server = api.listen(0, '127.0.0.1', { headersTimeoutMs: 300, requestTimeoutMs: 300 });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write('GET /v1/zoos HTTP/1.1\r\nHost: x\r\n'));
        let text = '';
        socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = new Headers(lines.map((line) => line.split(/:\s*/, 2) as [string, string]));
      expect(statusLine).toMatch(/^HTTP\/1\.1 408 /);
      contract.check('GET', '/v1/zoos', 408, body, headers);
    } finally {
      server.close();
      await api.close();
    }
  });
});
