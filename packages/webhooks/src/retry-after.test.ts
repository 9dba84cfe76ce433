import { expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.js';

const now = Date.UTC(2026, 10, 26, 12);

it('reads Retry-After as seconds or as an HTTP date', () => {
  expect(parseRetryAfter('120', now)).toBe(120_000);
  expect(parseRetryAfter(' 0 ', now)).toBe(0);
  expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
  expect(parseRetryAfter('Thu, 26 Nov 2026 11:00:00 GMT', now)).toBe(0);
});

it('gives undefined for an absent or unreadable value', () => {
  for (const value of [undefined, '', '-5', '1.5', 'soon', 'Funday, 99 Nov 2026'])
    expect(parseRetryAfter(value, now)).toBeUndefined();
});
