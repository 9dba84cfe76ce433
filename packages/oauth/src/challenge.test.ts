import { describe, expect, it } from 'vitest';
import { bearerChallenge } from './challenge.js';

describe('bearerChallenge', () => {
  it('names only the realm when no token was sent', () => {
    expect(bearerChallenge('api')).toBe('Bearer realm="api"');
  });

  it('adds the error, its description and the scope', () => {
    expect(bearerChallenge('api', { code: 'insufficient_scope', description: 'needs more', scope: 'zoo:write' })).toBe(
      'Bearer realm="api", error="insufficient_scope", error_description="needs more", scope="zoo:write"',
    );
  });

  it('escapes quotes and backslashes and drops line breaks', () => {
    expect(bearerChallenge('a"b\\c', { code: 'invalid_token', description: 'x\r\ny' })).toBe(
      'Bearer realm="a\\"b\\\\c", error="invalid_token", error_description="x  y"',
    );
  });
});
