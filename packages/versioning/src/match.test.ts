import { ApiError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { createVersioning, type VersionedPath } from './index.js';

const root = createVersioning({ versions: [1, 2] });
const api = createVersioning({ versions: [1, 2], basePath: '/api' });
const nested = createVersioning({ versions: [1], basePath: '/a/b' });

const VALID = 'Valid versions: v1, v2. Paths start with /v1 or /v2';

function thrown(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected an ApiError');
}

const apiPath = (version: number, prefix: string, rest: string): VersionedPath => ({
  kind: 'api',
  version,
  prefix,
  rest,
});

describe('match without a base path', () => {
  it.each(['', '/'])('maps %j to the listing', (path) => {
    expect(root.match(path)).toEqual({ kind: 'listing' });
  });

  it.each([
    ['/v1', apiPath(1, '/v1', '')],
    ['/v1/', apiPath(1, '/v1', '/')],
    ['/v1/zoos', apiPath(1, '/v1', '/zoos')],
    ['/v2/zoos/1', apiPath(2, '/v2', '/zoos/1')],
    ['/v2/zoos/a%2Fb', apiPath(2, '/v2', '/zoos/a%2Fb')],
  ])('maps %j to a version', (path, expected) => {
    expect(root.match(path)).toEqual(expected);
  });

  it.each([
    '/v1.2',
    '/v1.2/zoos',
    '/v01',
    '/v01/zoos',
    '/V1',
    '/v-1',
    '/v+1',
    '/v0',
    '/v3',
    '/v1x',
    '/v1x/zoos',
    '/v',
    '/v 1',
  ])('refuses %j as an unknown version', (path) => {
    const error = thrown(() => root.match(path));
    expect(error.codeName).toBe('unknownVersion');
    expect(error.status).toBe(404);
    expect(error.message).toMatch(/^Unknown API version "/);
    expect(error.message).toContain(VALID);
  });

  it('names the segment it refused', () => {
    expect(thrown(() => root.match('/v1.2/zoos')).message).toBe(`Unknown API version "v1.2". ${VALID}`);
  });

  it.each(['/zoos', '/zoos/v1', '//v1', 'v1', '*', '/%761'])('refuses %j as a path without a version', (path) => {
    const error = thrown(() => root.match(path));
    expect(error.codeName).toBe('unknownVersion');
    expect(error.message).toBe(`The path ${JSON.stringify(path)} has no API version. ${VALID}`);
  });

  it('shortens long input echoed in the message', () => {
    const error = thrown(() => root.match(`/v${'9'.repeat(500)}`));
    expect(error.message.length).toBeLessThan(150);
  });
});

describe('match under a base path', () => {
  it.each(['/api', '/api/'])('maps %j to the listing', (path) => {
    expect(api.match(path)).toEqual({ kind: 'listing' });
  });

  it.each([
    ['/api/v1', apiPath(1, '/api/v1', '')],
    ['/api/v1/', apiPath(1, '/api/v1', '/')],
    ['/api/v1/zoos', apiPath(1, '/api/v1', '/zoos')],
    ['/api/v2/zoos/1', apiPath(2, '/api/v2', '/zoos/1')],
  ])('maps %j to a version', (path, expected) => {
    expect(api.match(path)).toEqual(expected);
  });

  it.each(['/', '', '/v1', '/v1/zoos', '/apiv1', '/api2/v1', '/API/v1', '/other'])(
    'refuses %j as outside the API',
    (path) => {
      const error = thrown(() => api.match(path));
      expect(error.codeName).toBe('routeNotFound');
      expect(error.status).toBe(404);
      expect(error.message).toContain('Valid versions: v1, v2. Paths start with /api/v1 or /api/v2');
    },
  );

  it.each(['/api/zoos', '/api/v1.2', '/api/v3/zoos', '/api/v01', '/api/V1'])(
    'refuses %j as an unknown version',
    (path) => {
      const error = thrown(() => api.match(path));
      expect(error.codeName).toBe('unknownVersion');
      expect(error.message).toContain('Valid versions: v1, v2. Paths start with /api/v1 or /api/v2');
    },
  );

  it('handles a nested base path', () => {
    expect(nested.match('/a/b')).toEqual({ kind: 'listing' });
    expect(nested.match('/a/b/v1/zoos')).toEqual(apiPath(1, '/a/b/v1', '/zoos'));
    expect(thrown(() => nested.match('/a/v1')).codeName).toBe('routeNotFound');
    expect(thrown(() => nested.match('/a/b/v2')).message).toBe(
      'Unknown API version "v2". Valid versions: v1. Paths start with /a/b/v1',
    );
  });
});

describe('several versions side by side', () => {
  const three = createVersioning({ versions: [10, 2, 1] });

  it('routes each version to its own prefix', () => {
    expect(three.match('/v1/x')).toEqual(apiPath(1, '/v1', '/x'));
    expect(three.match('/v2/x')).toEqual(apiPath(2, '/v2', '/x'));
    expect(three.match('/v10/x')).toEqual(apiPath(10, '/v10', '/x'));
  });

  it('lists all of them in the message, in order', () => {
    expect(thrown(() => three.match('/v3')).message).toBe(
      'Unknown API version "v3". Valid versions: v1, v2, v10. Paths start with /v1, /v2 or /v10',
    );
  });
});
