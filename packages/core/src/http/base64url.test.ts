import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base64url } from './base64url.js';

describe('base64url', () => {
  it('agrees with Buffer for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      }),
    );
  });
});
