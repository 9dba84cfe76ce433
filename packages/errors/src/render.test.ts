import { describe, expect, it } from 'vitest';
import { ApiError, renderError, type ErrorDocsUrl } from './index.js';

const docsUrl: ErrorDocsUrl = (code) => `/v1/errors/${code}`;

describe('renderError', () => {
  it('renders an ApiError with its status, headers and body', () => {
    const error = new ApiError('methodNotAllowed', 'DELETE is not allowed here', { headers: { Allow: 'GET, HEAD' } });
    expect(renderError(error, docsUrl)).toStrictEqual({
      status: 405,
      headers: { Allow: 'GET, HEAD' },
      body: { error: 'DELETE is not allowed here' },
      error,
    });
  });

  it('carries WWW-Authenticate on a 401', () => {
    const header = 'Bearer realm="corral", error="invalid_token"';
    const rendered = renderError(
      new ApiError('authenticationRequired', 'The token has expired', { headers: { 'WWW-Authenticate': header } }),
      docsUrl,
    );
    expect(rendered.status).toBe(401);
    expect(rendered.headers).toEqual({ 'WWW-Authenticate': header });
    expect(rendered.body).toStrictEqual({ message: 'The token has expired', documentation_url: '/v1/errors/1016' });
  });

  it('renders a 422 with its field errors', () => {
    const rendered = renderError(
      new ApiError('validationFailed', 'Invalid body', { fieldErrors: [{ field: 'name', message: 'is required' }] }),
      docsUrl,
    );
    expect(rendered.status).toBe(422);
    expect(rendered.body).toStrictEqual({
      message: 'Invalid body',
      errorCode: 1007,
      additionalInformation: '/v1/errors/1007',
      errors: [{ field: 'name', message: 'is required' }],
    });
  });

  const failure = new Error('ECONNREFUSED 10.0.0.7:5432 user=admin');
  it.each([
    ['a plain Error', failure],
    ['a string', 'secret token abc123'],
    ['undefined', undefined],
    ['an object', { sql: 'DROP TABLE zoos', stack: 'Error\n    at handler (/srv/app.js:10:5)' }],
  ])('renders %s as a bare 500 that reveals nothing', (_label, thrown) => {
    const rendered = renderError(thrown, docsUrl);
    expect(rendered.status).toBe(500);
    expect(rendered.headers).toEqual({});
    expect(rendered.body).toStrictEqual({ error: 'Internal server error' });
    expect(rendered.error.cause).toBe(thrown);
    const sent = JSON.stringify({ status: rendered.status, headers: rendered.headers, body: rendered.body });
    for (const leak of ['ECONNREFUSED', 'secret', 'DROP', 'stack', '/srv/', ' at ']) expect(sent).not.toContain(leak);
  });
});
