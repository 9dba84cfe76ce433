import { describe, expect, it } from 'vitest';
import { errorDetails } from './error-body.js';

describe('errorDetails reads every error shape of the contract', () => {
  it('the detailed shape, with field errors', () => {
    const body = {
      message: 'bad',
      errorCode: 1007,
      additionalInformation: '/v1/errors/1007',
      errors: [{ field: 'name', message: 'missing' }],
    };
    expect(errorDetails(422, body, 'r1', 'POST /v1/x')).toEqual({
      kind: 'http',
      status: 422,
      errorCode: 1007,
      message: 'bad',
      fieldErrors: [{ field: 'name', message: 'missing' }],
      documentationUrl: '/v1/errors/1007',
      requestId: 'r1',
      request: 'POST /v1/x',
    });
  });

  it('the authentication shape, the code taken from documentation_url', () => {
    expect(
      errorDetails(401, { message: 'expired', documentation_url: '/v1/errors/1016' }, undefined, 'GET /v1'),
    ).toMatchObject({ errorCode: 1016, message: 'expired', documentationUrl: '/v1/errors/1016' });
  });

  it('the simple shape, and a body that is no JSON object at all', () => {
    expect(errorDetails(404, { error: 'no such record' }, undefined, 'GET /v1/x/1')).toMatchObject({
      errorCode: undefined,
      message: 'no such record',
      fieldErrors: [],
    });
    expect(errorDetails(502, '<html>bad gateway</html>', undefined, 'GET /v1')).toMatchObject({
      message: 'GET /v1 answered 502',
    });
  });
});
