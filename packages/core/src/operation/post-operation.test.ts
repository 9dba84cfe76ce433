import { errorCodes } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Logger } from '../http/logger.js';
import { silentLogger } from '../http/logger.js';
import { defineOperation } from './define-operation.js';
import { operationsApi } from '../testing/operations.js';

const api = operationsApi();
const post = async (path: string, body: string, contentType = 'application/json') => {
  const response = await api.fetch(
    new Request(`http://x${path}`, { method: 'POST', headers: { 'content-type': contentType }, body }),
  );
  return { status: response.status, body: await response.json() };
};
const order = JSON.stringify({
  items: [
    { sku: 'feed', quantity: 2 },
    { sku: 'toy', quantity: 1 },
  ],
});

describe('POST operations', () => {
  it('hand the handler the validated body and query, and answer its result', async () => {
    expect(await post('/v1/quote?currency=CHF', order)).toEqual({
      status: 200,
      body: { currency: 'CHF', total: 7.5, lines: 2 },
    });
    expect((await post('/v1/quote', order)).body.currency).toBe('EUR');
  });

  it('refuse a body that is not JSON (415), malformed JSON (400) and one over the body limit (413)', async () => {
    expect((await post('/v1/quote', order, 'text/plain')).status).toBe(415);
    const malformed = await post('/v1/quote', '{"items": [');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('not valid JSON');
    expect((await post('/v1/quote', JSON.stringify({ items: [{ sku: 'x'.repeat(4000), quantity: 1 }] }))).status).toBe(
      413,
    );
    expect((await post('/v1/quote', '')).status).toBe(400);
  });

  it("list each failing field in a 422 of the contract's shape", async () => {
    const answer = await post(
      '/v1/quote',
      JSON.stringify({ items: [{ sku: '', quantity: 0 }, { quantity: 1 }], extra: true }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errorCode).toBe(errorCodes.validationFailed.code);
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'items.0.sku', message: expect.any(String) },
        { field: 'items.0.quantity', message: expect.any(String) },
        { field: 'items.1.sku', message: 'Required property is missing' },
        { field: 'extra', message: 'Unknown property' },
      ]),
    );
  });

  it('refuse unknown and invalid query parameters (400) and GET on a POST operation (405)', async () => {
    expect((await post('/v1/quote?colour=red', order)).status).toBe(400);
    expect((await post('/v1/quote?currency=USD', order)).status).toBe(400);
    expect((await api.fetch(new Request('http://x/v1/quote'))).status).toBe(405);
  });

  it('are refused at declaration without a body schema, and GET ones with one', () => {
    expect(() => defineOperation({ name: 'x', method: 'POST', handler: () => null })).toThrow(/needs a body schema/);
    expect(() => defineOperation({ name: 'x', body: z.object({}), handler: () => null })).toThrow(
      /must use method POST/,
    );
  });
});

describe('result checks', () => {
  it('answer 500 when a result breaks its schema, logging the issues and telling the client nothing of them', async () => {
    const logged: unknown[] = [];
    const logger: Logger = { ...silentLogger, error: (entry: unknown) => void logged.push(entry) };
    const checked = operationsApi(logger);
    const response = await checked.fetch(new Request('http://x/v1/drifting?broken=yes'));
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({ error: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain('count');
    expect(String((logged[0] as { err: Error }).err.message)).toMatch(
      /"drifting" returned a result that does not match.*count/,
    );
    expect((await checked.fetch(new Request('http://x/v1/drifting'))).status).toBe(200);
  });

  it('are left out with checkResult: false', async () => {
    const response = await api.fetch(new Request('http://x/v1/unchecked?broken=yes'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ count: 'many' });
  });
});
