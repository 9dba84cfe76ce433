import { describe, expect, it } from 'vitest';
import { requestIdFor } from './request-id.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFor', () => {
  it.each(['abc', 'req-42', 'trace.id:7_x', 'A', '0b5c6b4e-2a4f-4c5e-9d1a-2f1f2b3c4d5e', 'x'.repeat(128)])(
    'keeps the sane client id %j',
    (id) => {
      expect(requestIdFor(id)).toBe(id);
    },
  );

  it('makes a random UUID when the client sent none', () => {
    const id = requestIdFor(undefined);
    expect(id).toMatch(uuid);
    expect(requestIdFor(undefined)).not.toBe(id);
  });

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(129)],
    ['with a space', 'a b'],
    ['with a line break (header/log injection)', 'abc\r\nSet-Cookie: x=1'],
    ['with a newline at the end', 'abc\n'],
    ['with a quote', 'a"b'],
    ['with a slash', 'a/b'],
    ['with HTML', '<script>'],
    ['non-ASCII', 'zürich'],
    ['a list from repeated headers', 'a, b'],
  ])('replaces an id that is %s', (_, id) => {
    expect(requestIdFor(id)).toMatch(uuid);
  });
});
