import { describe, expect, it } from 'vitest';
import { checkDestination, type WebhookResolver } from './destination.js';

/** A resolver from a fixed table: names not in it do not resolve. */
const table =
  (names: Record<string, readonly string[]>): WebhookResolver =>
  async (host) => {
    const found = names[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };

const resolve = table({
  'hooks.example.com': ['93.184.215.14', '2606:4700::1111'],
  'inside.example.com': ['10.0.0.7'],
  'mixed.example.com': ['93.184.215.14', '192.168.0.9'],
  'six.example.com': ['2606:4700::1111', 'fd00::5'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
});

async function reasonOf(url: string, options = {}) {
  const check = await checkDestination(url, { resolve, ...options });
  return check.ok ? 'ok' : check.reason;
}

describe('checkDestination', () => {
  it('accepts https to a name whose every address is public, with those addresses', async () => {
    const check = await checkDestination('https://hooks.example.com/in', { resolve });
    expect(check).toMatchObject({ ok: true, hostname: 'hooks.example.com', port: 443 });
    expect(check.ok && check.addresses).toEqual(['93.184.215.14', '2606:4700::1111']);
  });

  it.each([
    ['https://127.0.0.1/', 'loopback'],
    ['https://[::1]/', 'loopback'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://[::127.0.0.1]/', 'loopback'],
    ['https://0.0.0.0/', 'unspecified'],
    ['https://[::]/', 'unspecified'],
    ['https://10.1.2.3/', 'private'],
    ['https://100.64.0.1/', 'shared'],
    ['https://169.254.169.254/latest/meta-data', 'metadata'],
    ['https://[fd00:ec2::254]/', 'metadata'],
    ['https://2130706433/', 'loopback'],
    ['https://0x7f.1/', 'loopback'],
    ['https://localhost/', 'localhost'],
    ['https://LOCALHOST./', 'localhost'],
    ['https://api.localhost/', 'localhost'],
    ['https://inside.example.com/', 'private'],
    ['https://mixed.example.com/', 'private'],
    ['https://six.example.com/', 'unique-local'],
    ['https://mapped.example.com/', 'loopback'],
    ['https://metadata.example.com/', 'metadata'],
  ])('refuses %s (%s)', async (url, reason) => {
    expect(await reasonOf(url)).toBe(reason);
  });

  it('says why in a message naming the URL and the address', async () => {
    const check = await checkDestination('https://inside.example.com/x', { resolve });
    expect(check).toEqual({
      ok: false,
      reason: 'private',
      message: 'Webhook URL https://inside.example.com/x is refused: it points at a private address (10.0.0.7)',
    });
  });

  it('takes only https, or http when allowed', async () => {
    expect(await reasonOf('http://hooks.example.com/')).toBe('not-https');
    expect(await reasonOf('http://hooks.example.com/', { allowHttp: true })).toBe('ok');
    expect(await reasonOf('ftp://hooks.example.com/')).toBe('scheme');
    expect(await reasonOf('hooks.example.com/in')).toBe('invalid-url');
    // allowHttp lifts the scheme rule only, never the address rules.
    expect(await reasonOf('http://127.0.0.1/', { allowHttp: true })).toBe('loopback');
  });

  it('accepts a name that does not resolve at creation only, and refuses it at delivery', async () => {
    expect(await checkDestination('https://later.example.com/', { resolve, atCreation: true })).toMatchObject({
      ok: true,
      addresses: [],
    });
    expect(await reasonOf('https://later.example.com/')).toBe('unresolved');
    // An unresolved name is still held to https.
    expect(await reasonOf('http://later.example.com/', { atCreation: true })).toBe('not-https');
  });

  it('lets the allow-list open hosts, host:port and ranges, over http too', async () => {
    expect(await reasonOf('http://127.0.0.1:8080/', { allow: '127.0.0.1' })).toBe('ok');
    expect(await reasonOf('http://127.0.0.1:8080/', { allow: '127.0.0.1:8080' })).toBe('ok');
    expect(await reasonOf('http://127.0.0.1:8081/', { allow: '127.0.0.1:8080' })).toBe('loopback');
    expect(await reasonOf('http://[::1]:7000/', { allow: '[::1]:7000' })).toBe('ok');
    expect(await reasonOf('https://inside.example.com/', { allow: '10.0.0.0/8' })).toBe('ok');
    expect(await reasonOf('https://inside.example.com/', { allow: 'inside.example.com' })).toBe('ok');
    expect(
      await reasonOf('http://localhost:3000/', {
        allow: 'localhost:3000',
        resolve: table({ localhost: ['127.0.0.1'] }),
      }),
    ).toBe('ok');
    // A range opens only the addresses in it: one address outside still refuses the name.
    expect(await reasonOf('https://mixed.example.com/', { allow: '10.0.0.0/8' })).toBe('private');
    // An allow-listed range does not make http acceptable for names outside it.
    expect(await reasonOf('http://hooks.example.com/', { allow: '10.0.0.0/8' })).toBe('not-https');
  });

  it('throws the allow-list error when given the text of a bad list', async () => {
    await expect(checkDestination('https://hooks.example.com/', { resolve, allow: '10.0.0.0/99' })).rejects.toThrow(
      /10\.0\.0\.0\/99/,
    );
  });
});
