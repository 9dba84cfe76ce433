import { describe, expect, it } from 'vitest';
import { allowsAddress, allowsName, parseWebhookAllow } from './allow.js';

describe('parseWebhookAllow', () => {
  it('reads host names, host:port, addresses and CIDR ranges, skipping blanks', () => {
    const allow = parseWebhookAllow(
      ' hooks.internal, Receiver.Test:8080,,127.0.0.1:9000, 10.0.0.0/8, [::1]:7000, fd00::/8 ',
    );
    expect(allow.entries.map((entry) => entry.text)).toEqual([
      'hooks.internal',
      'Receiver.Test:8080',
      '127.0.0.1:9000',
      '10.0.0.0/8',
      '[::1]:7000',
      'fd00::/8',
    ]);
    expect(allowsName(allow, 'hooks.internal', 443)).toBe(true);
    expect(allowsName(allow, 'receiver.test', 8080)).toBe(true);
    expect(allowsName(allow, 'receiver.test', 8081)).toBe(false);
    expect(allowsAddress(allow, '127.0.0.1', 9000)).toBe(true);
    expect(allowsAddress(allow, '127.0.0.1', 9001)).toBe(false);
    expect(allowsAddress(allow, '10.200.3.4', 1)).toBe(true);
    expect(allowsAddress(allow, '::1', 7000)).toBe(true);
    expect(allowsAddress(allow, 'fd12::1', 443)).toBe(true);
    expect(allowsAddress(allow, '11.0.0.1', 443)).toBe(false);
  });

  it('matches an IPv4-mapped address by its IPv4 address, and an IPv4 one against a mapped range', () => {
    expect(allowsAddress(parseWebhookAllow('127.0.0.1'), '::ffff:127.0.0.1', 80)).toBe(true);
    expect(allowsAddress(parseWebhookAllow('::ffff:127.0.0.0/104'), '127.0.0.1', 80)).toBe(true);
    expect(allowsAddress(parseWebhookAllow('::1'), '127.0.0.1', 80)).toBe(false);
  });

  it('accepts a list as well as text, and an empty text as no entries', () => {
    expect(parseWebhookAllow(['localhost', '::1']).entries).toHaveLength(2);
    expect(parseWebhookAllow('').entries).toEqual([]);
  });

  it.each([
    ['10.0.0.0/33', '"10.0.0.0/33"'],
    ['host:0', '"0" is not a port'],
    ['host:http', '"http" is not a port'],
    ['[::1', '"[::1"'],
    ['[nope]:80', '"nope" is not an IPv6 address'],
    ['fe80::1:80:x', 'not an IPv6 address'],
    ['bad host', '"bad host" is not a host name'],
    ['https://hooks.test', '"https://hooks.test"'],
  ])('refuses %s with a CorralError naming it', (text, part) => {
    expect(() => parseWebhookAllow(`ok.test, ${text}`)).toThrow(
      expect.objectContaining({ code: 'CORRAL_INVALID_WEBHOOK_ALLOW', message: expect.stringContaining(part) }),
    );
  });
});

it('does not take the IPv4-compatible form for the IPv4 address', () => {
  expect(allowsAddress(parseWebhookAllow('127.0.0.1'), '::127.0.0.1', 80)).toBe(false);
});
