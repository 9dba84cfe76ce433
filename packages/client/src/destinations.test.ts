import { describe, expect, it } from 'vitest';
import { Destinations } from './destinations.js';

const base = 'http://127.0.0.1:3000/v1';
const allowed = (destinations: Destinations, url: string) => {
  try {
    destinations.check('GET', url);
    return true;
  } catch {
    return false;
  }
};

describe('Destinations', () => {
  it("allows baseUrl's origin only, to begin with, and refuses what is no URL", () => {
    const destinations = new Destinations(base);
    expect(allowed(destinations, 'http://127.0.0.1:3000/v1/zoos')).toBe(true);
    expect(allowed(destinations, 'http://localhost:3000/v1/zoos')).toBe(false);
    expect(() => destinations.check('GET', 'not a url')).toThrow(expect.objectContaining({ kind: 'usage' }));
  });

  it("learns from what the API writes: the root's *_url fields, Location, a record's and a page's links", () => {
    const destinations = new Destinations(base);
    destinations.learn(`${base}/`, 200, { zoos_url: 'https://public.example/v1/zoos' }, undefined);
    destinations.learn(`${base}/zoos`, 201, {}, 'https://created.example/v1/zoos/1');
    destinations.learn(`${base}/zoos/1`, 200, { links: [{ rel: 'self', href: 'https://self.example/1' }] }, undefined);
    const page = { limit: 10, links: [], zoos: [{ links: [{ rel: 'self', href: 'https://item.example/2' }] }] };
    destinations.learn(`${base}/zoos`, 200, page, undefined);
    for (const origin of ['public', 'created', 'self', 'item'])
      expect(allowed(destinations, `https://${origin}.example/x`), origin).toBe(true);
  });

  it('never learns from record data a user could have written, nor from error answers', () => {
    const destinations = new Destinations(base);
    const record = {
      website_url: 'https://evil.example/a', // a field of a record, not of the root document
      profile: { links: [{ rel: 'home', href: 'https://evil.example/b' }] },
      tags: [{ links: [{ href: 'https://evil.example/c' }] }], // not a page: no limit
      links: [{ rel: 'self', href: '/v1/zoos/1' }],
    };
    destinations.learn(`${base}/zoos/1`, 200, record, undefined);
    destinations.learn(`${base}/zoos`, 404, { links: [{ href: 'https://evil.example/d' }] }, 'https://evil.example/e');
    expect(allowed(destinations, 'https://evil.example/a')).toBe(false);
  });

  it("learns from the API's public origin named by the root document, but not from an origin it merely linked", () => {
    const destinations = new Destinations(base);
    destinations.learn(`${base}`, 200, { zoos_url: 'https://api.example/v1/zoos' }, undefined);
    destinations.learn(
      'https://api.example/v1/zoos/1',
      200,
      { links: [{ href: 'https://other.example/x' }] },
      undefined,
    );
    expect(allowed(destinations, 'https://other.example/x')).toBe(true);
    destinations.learn('https://other.example/x', 200, { links: [{ href: 'https://third.example/y' }] }, undefined);
    expect(allowed(destinations, 'https://third.example/y')).toBe(false);
  });
});
