import { afterEach, describe, expect, it } from 'vitest';
import { testApi } from '../testing/fixtures.js';
import { socketTransport, type Transport } from '../testing/transport.js';

// Only a socket can carry an absolute-form target (`GET http://host/path HTTP/1.1`).
describe('absolute-form request targets over a socket', () => {
  let c: Transport;
  afterEach(() => c.close());

  it('redirects a trailing slash to a path of this server, never to the host the target named', async () => {
    c = await socketTransport(testApi({ basePath: '/api' }));
    const res = await c.send('GET', 'http://evil.example/api/v1/employees/?limit=1');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/api/v1/employees?limit=1');
  });

  it('serves the path of an absolute-form target like its origin form', async () => {
    c = await socketTransport(testApi());
    const res = await c.send('GET', 'http://127.0.0.1/v1/employees/1');
    expect(res.status).toBe(200);
    expect(res.json.id).toBe('1');
  });
});
