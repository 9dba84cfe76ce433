import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsApi } from '../testing/operations.js';

describe('POST operations over a real socket', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = operationsApi().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );

  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

  it('answer the computed result for a valid body', async () => {
    const response = await post('/v1/quote?currency=CHF', JSON.stringify({ items: [{ sku: 'feed', quantity: 4 }] }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ currency: 'CHF', total: 10, lines: 1 });
  });

  it('answer 415, 400, 413 and 422 in the error shape for bad bodies', async () => {
    for (const [body, type, status] of [
      ['{}', 'text/plain', 415],
      ['{"items":', 'application/json', 400],
      [JSON.stringify({ items: [{ sku: 'y'.repeat(5000), quantity: 1 }] }), 'application/json', 413],
      [JSON.stringify({ items: [] }), 'application/json', 422],
    ] as const) {
      const response = await post('/v1/quote', body, type);
      expect(response.status, `${type} ${body.slice(0, 20)}`).toBe(status);
      const answer = await response.json();
      // The contract's shapes: a detailed error for 400 and 422, the simple one otherwise.
      expect(Object.keys(answer).sort(), String(status)).toEqual(
        status === 400 || status === 422
          ? expect.arrayContaining(['additionalInformation', 'errorCode', 'message'])
          : ['error'],
      );
    }
  });

  it('answer 500 without details when a result breaks its schema', async () => {
    const response = await fetch(`${origin}/v1/drifting?broken=yes`);
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('many');
  });
});
