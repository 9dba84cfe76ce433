import { describe, expect, it } from 'vitest';
import { acceptsJson } from './accept.js';

describe('acceptsJson', () => {
  it('accepts a missing header and any range that covers JSON', () => {
    for (const accept of [
      undefined,
      '',
      'application/json',
      '*/*',
      'application/*',
      'text/html, application/json;q=0.5',
      'APPLICATION/JSON; charset=utf-8',
    ]) {
      expect(acceptsJson(accept), String(accept)).toBe(true);
    }
  });

  it('refuses headers that exclude JSON', () => {
    for (const accept of ['application/xml', 'text/html', 'application/json;q=0', 'image/*, text/plain']) {
      expect(acceptsJson(accept), accept).toBe(false);
    }
  });
});

describe('acceptsJson precedence', () => {
  it('lets the most specific range decide', () => {
    expect(acceptsJson('application/json;q=0, */*')).toBe(false);
    expect(acceptsJson('application/*;q=0.5, application/json;q=0')).toBe(false);
    expect(acceptsJson('*/*;q=0, application/json')).toBe(true);
    expect(acceptsJson('application/*;q=0, */*')).toBe(false);
    expect(acceptsJson('text/html;q=0.9, */*;q=0.1')).toBe(true);
  });
});
