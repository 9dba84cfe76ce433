import { describe, expect, it } from 'vitest';
import { acceptsJson } from './accept.js';

describe('acceptsJson', () => {
  it('accepts a missing header and any range that covers JSON', () => {
    for (const accept of [undefined, '', 'application/json', '*/*', 'application/*', 'text/html, application/json;q=0.5', 'APPLICATION/JSON; charset=utf-8']) {
      expect(acceptsJson(accept), String(accept)).toBe(true);
    }
  });

  it('refuses headers that exclude JSON', () => {
    for (const accept of ['application/xml', 'text/html', 'application/json;q=0', 'image/*, text/plain']) {
      expect(acceptsJson(accept), accept).toBe(false);
    }
  });
});
