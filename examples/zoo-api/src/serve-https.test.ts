import { once } from 'node:events';
import { connect } from 'node:http2';
import { silentLogger } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { serve } from './serve.js';
import { http2Call, https1Call, testCertificateFiles } from './testing/tls-client.js';

describe('serve (what npm start runs) with TLS_CERT and TLS_KEY', () => {
  it('finishes an HTTP/2 request in flight when stopping (GOAWAY at once), then refuses new connections', async () => {
    const certificate = await testCertificateFiles();
    const { cert } = certificate;
    const env = { PORT: '0', STORE: 'memory', TLS_CERT: certificate.certFile, TLS_KEY: certificate.keyFile };
    const service = await serve(env, silentLogger);
    expect(service.localOrigin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const basic = `Basic ${Buffer.from('zoo-admin:zoo-admin-secret').toString('base64')}`;
    const token = await http2Call(
      service.localOrigin,
      cert,
      {
        ':method': 'POST',
        ':path': '/oauth/token',
        authorization: basic,
        'content-type': 'application/x-www-form-urlencoded',
      },
      'grant_type=client_credentials',
    );
    const session = connect(service.localOrigin, { ca: cert });
    const goaway = once(session, 'goaway');
    const body = JSON.stringify({ name: 'Late Zoo' });
    // The headers go now; the body only once the stop has begun, so the request is surely in flight.
    const stream = session.request(
      {
        ':method': 'POST',
        ':path': '/v1/zoos',
        authorization: `Bearer ${token.json.access_token}`,
        'content-type': 'application/json',
      },
      { endStream: false },
    );
    const answered = new Promise<number>((resolve, reject) => {
      stream.on('response', (headers) => resolve(Number(headers[':status'])));
      stream.on('error', reject);
    });
    stream.resume();
    await once(service.server, 'request'); // the server has the headers: the request is in flight
    const stopped = service.stop();
    await goaway; // the client is told at once to send nothing new on this session
    stream.end(body);
    expect(await answered).toBe(201);
    await stopped;
    session.destroy();
    await expect(https1Call(`${service.localOrigin}/v1`, cert)).rejects.toThrow();
  });
});
