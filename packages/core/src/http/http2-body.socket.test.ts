import { once } from 'node:events';
import { connect, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApi } from '../testing/fixtures.js';
import { testCertificate } from '../testing/tls.js';

const posts: number[] = [];
const api = testApi({
  hooks: {
    onResponse: (context, response) => {
      if (context.request.method === 'POST') posts.push(response.status);
    },
  },
});
let origin: string;
let cert: string;
let server: Http2SecureServer;

beforeAll(async () => {
  const tls = await testCertificate();
  cert = tls.cert;
  server = api.listen(0, undefined, { tls, requestTimeoutMs: 300, headersTimeoutMs: 300 });
  await once(server, 'listening');
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('an HTTP/2 body that never ended', () => {
  it('is not taken for a whole one once its stream was closed with a 408: nothing is created', async () => {
    const session = connect(origin, { ca: cert });
    const stream = session.request({ ':method': 'POST', ':path': '/v1/employees', 'content-type': 'application/json' });
    stream.on('error', () => undefined);
    // Valid JSON on its own, but the stream is never ended: the server's request timeout answers.
    stream.write(JSON.stringify({ name: 'Half', yearOfBirth: 1990, state: 'internal', maturity: 'junior' }));
    const [headers] = (await once(stream, 'response')) as [Record<string, unknown>];
    expect(headers[':status']).toBe(408);
    // The handler that was reading the body gives up too: it does not create from the part it got.
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts).toEqual([400]);
    const page = (await (await api.fetch(new Request('http://x/v1/employees?limit=100'))).json()) as {
      employees: { name: string }[];
    };
    expect(page.employees.map((employee) => employee.name)).not.toContain('Half');
    session.destroy();
  });
});
