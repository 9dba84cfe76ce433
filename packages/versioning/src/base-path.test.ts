import { describe, expect, it } from 'vitest';
import { normalizeBasePath } from './index.js';

describe('normalizeBasePath', () => {
  it.each([undefined, '', '/'])('treats %j as no base path', (raw) => {
    expect(normalizeBasePath(raw)).toBe('');
  });

  it.each(['api', '/api', '/api/', 'api/'])('normalises %j to /api', (raw) => {
    expect(normalizeBasePath(raw)).toBe('/api');
  });

  it('keeps nested paths and unreserved characters', () => {
    expect(normalizeBasePath('/a/b')).toBe('/a/b');
    expect(normalizeBasePath('a/b/')).toBe('/a/b');
    expect(normalizeBasePath('/My-API_2.0~x')).toBe('/My-API_2.0~x');
  });

  it.each(['//', '/a//b', '//api', '/api//', '/a b', '/api?x', '/api#x', '/%61pi', '/ä', '/a/../b', '/.', '..'])(
    'rejects %j with a coded startup error (not an ApiError) naming the base path',
    (raw) => {
      expect(() => normalizeBasePath(raw)).toThrowError(/^Invalid base path/);
      try {
        normalizeBasePath(raw);
      } catch (error) {
        expect(error).toMatchObject({ name: 'CorralError', code: 'CORRAL_INVALID_BASE_PATH' });
        expect((error as Error).message).toContain(JSON.stringify(raw));
      }
    },
  );

  it('explains which characters are allowed', () => {
    expect(() => normalizeBasePath('/a b')).toThrowError('may only contain letters, digits and the characters . _ ~ -');
  });
});
