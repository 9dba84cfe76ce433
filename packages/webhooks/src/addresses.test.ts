import { describe, expect, it } from 'vitest';
import { addressRefusal } from './addresses.js';

describe('addressRefusal', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
  ])('refuses %s as %s', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::127.0.0.1', 'loopback'],
    ['::10.0.0.1', 'private'],
    ['::100.64.0.1', 'shared'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:c0a8:0101::1', 'private'],
  ])('refuses %s, an IPv6 form of an IPv4 address, as %s', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('accepts the public address %s', (address) => {
    expect(addressRefusal(address)).toBeUndefined();
  });

  it('refuses the deprecated IPv4-compatible form even of a public address, and IPv6 outside 2000::/3', () => {
    expect(addressRefusal('::8.8.8.8')).toBe('reserved');
    expect(addressRefusal('4000::1')).toBe('reserved');
    expect(addressRefusal('not an address')).toBe('reserved');
  });
});
