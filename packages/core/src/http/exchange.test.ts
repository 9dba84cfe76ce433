import { describe, expect, it } from 'vitest';
import { emptyResponse, jsonContentType, jsonResponse } from './exchange.js';

describe('jsonResponse', () => {
  it('serializes the value and sets the JSON content type', () => {
    const response = jsonResponse(200, { name: 'Zoo', tags: ['a'], city: null });
    expect(response).toStrictEqual({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"name":"Zoo","tags":["a"],"city":null}',
    });
    expect(jsonContentType).toBe('application/json; charset=utf-8');
  });

  it('adds the extra headers', () => {
    const response = jsonResponse(201, { id: '1' }, { location: '/v1/zoos/1', etag: '"1"' });
    expect(response.status).toBe(201);
    expect(response.headers).toStrictEqual({ 'content-type': jsonContentType, location: '/v1/zoos/1', etag: '"1"' });
    expect(JSON.parse(response.body as string)).toStrictEqual({ id: '1' });
  });

  it('gives every response its own headers object', () => {
    const first = jsonResponse(200, {});
    first.headers['x-request-id'] = 'a';
    expect(jsonResponse(200, {}).headers).toStrictEqual({ 'content-type': jsonContentType });
  });

  it('serializes arrays and scalars too', () => {
    expect(jsonResponse(200, [1, 2]).body).toBe('[1,2]');
    expect(jsonResponse(200, 'text').body).toBe('"text"');
  });
});

describe('emptyResponse', () => {
  it('has no body and no content type', () => {
    const response = emptyResponse(204);
    expect(response).toStrictEqual({ status: 204, headers: {} });
    expect('body' in response).toBe(false);
  });

  it('keeps the given headers', () => {
    expect(emptyResponse(304, { etag: '"3"' })).toStrictEqual({ status: 304, headers: { etag: '"3"' } });
  });
});
