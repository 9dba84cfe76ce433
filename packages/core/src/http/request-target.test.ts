import { describe, expect, it } from 'vitest';
import { originForm } from './request-target.js';

describe('originForm', () => {
  it('keeps an origin-form target as it is', () => {
    expect(originForm('/v1/zoos?limit=5')).toBe('/v1/zoos?limit=5');
  });

  it('drops the scheme and authority of an absolute-form target', () => {
    expect(originForm('http://evil.example/v1/zoos/')).toBe('/v1/zoos/');
    expect(originForm('https://user@evil.example:8443/v1?x=1')).toBe('/v1?x=1');
    expect(originForm('http://evil.example')).toBe('/');
    expect(originForm('http://evil.example?q=1')).toBe('/?q=1');
  });

  it('leaves other forms (asterisk, authority) for the router to refuse', () => {
    expect(originForm('*')).toBe('*');
    expect(originForm('evil.example:443')).toBe('evil.example:443');
  });
});
