import { ApiError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { bearerToken } from './bearer-token.js';

function request(headers: Record<string, string>, query = '') {
  return { header: (name: string) => headers[name], query: new URLSearchParams(query) };
}

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  throw new Error('expected an ApiError');
}

describe('bearerToken', () => {
  it('reads the token of a Bearer Authorization header, scheme case-insensitive', () => {
    expect(bearerToken(request({ authorization: 'Bearer abc.def-ghi_~+/==' }), 'api')).toBe('abc.def-ghi_~+/==');
    expect(bearerToken(request({ authorization: 'bearer xyz' }), 'api')).toBe('xyz');
  });

  it('finds no token when there is no Authorization header', () => {
    expect(bearerToken(request({}), 'api')).toBeUndefined();
    expect(bearerToken(request({ authorization: '  ' }), 'api')).toBeUndefined();
  });

  it('refuses a token in the URL (400 invalid_request)', () => {
    const error = refusal(() => bearerToken(request({}, 'access_token=abc'), 'api'));
    expect(error.status).toBe(400);
    expect(error.headers['www-authenticate']).toMatch(/^Bearer realm="api", error="invalid_request"/);
  });

  it('refuses two credentials joined into one header', () => {
    expect(refusal(() => bearerToken(request({ authorization: 'Bearer a, Bearer b' }), 'api')).status).toBe(400);
  });

  it('refuses malformed bearer values (401 invalid_token)', () => {
    for (const authorization of ['Bearer', 'Bearer a b', 'Bearer "quoted"']) {
      const error = refusal(() => bearerToken(request({ authorization }), 'zoo'));
      expect(error.status, authorization).toBe(401);
      expect(error.headers['www-authenticate'], authorization).toMatch(/^Bearer realm="zoo", error="invalid_token"/);
    }
  });

  it('answers another scheme with a plain challenge and no error code (RFC 6750, section 3.1)', () => {
    for (const authorization of ['Basic abc', 'Token abc', 'Bearerabc']) {
      const error = refusal(() => bearerToken(request({ authorization }), 'zoo'));
      expect(error.status, authorization).toBe(401);
      expect(error.headers['www-authenticate'], authorization).toBe('Bearer realm="zoo"');
    }
  });
});
