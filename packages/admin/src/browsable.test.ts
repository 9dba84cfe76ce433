import { describe, expect, it } from 'vitest';
import { prefersHtml } from './browsable.js';

describe('prefersHtml', () => {
  it('is true for what browsers send when they open a page', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8')).toBe(
      true,
    );
    expect(prefersHtml('text/html')).toBe(true);
  });

  it('is false for JSON clients, anything-goes clients, and a tie', () => {
    for (const accept of [
      undefined,
      '',
      '*/*',
      'application/json',
      'application/json, text/html;q=0.9',
      'text/html, application/json',
      'text/*;q=0.5, application/*',
      'text/html;q=0',
    ])
      expect(prefersHtml(accept), String(accept)).toBe(false);
  });
});
