import { describe, expect, it } from 'vitest';
import { rootDocument, type RootEntry } from './root-document.js';

const entries: readonly RootEntry[] = [
  { name: 'zoos', title: 'Zoos', kind: 'collection' },
  { name: 'search', title: 'Search', kind: 'operation' },
];

describe('rootDocument', () => {
  it('describes the root, each entry as a link, and each entry as a _url property', () => {
    expect(rootDocument({ prefix: '/v1', title: 'Zoo API', entries })).toStrictEqual({
      link: { rel: 'self', href: '/v1', title: 'Zoo API', type: 'application/json' },
      links: [
        { rel: 'collection /v1/zoos', href: '/v1/zoos', title: 'Zoos', type: 'application/json' },
        { rel: 'operation /v1/search', href: '/v1/search', title: 'Search', type: 'application/json' },
      ],
      zoos_url: '/v1/zoos',
      search_url: '/v1/search',
    });
  });

  it('puts link and links first, then the _url properties in entry order', () => {
    const doc = rootDocument({ prefix: '/v1', title: 'Zoo API', entries });
    expect(Object.keys(doc)).toStrictEqual(['link', 'links', 'zoos_url', 'search_url']);
  });

  it('makes the _url properties absolute when an origin is given, but not the links', () => {
    const doc = rootDocument({ prefix: '/api/v1', title: 'Zoo API', origin: 'https://zoo.example', entries });
    expect(doc.zoos_url).toBe('https://zoo.example/api/v1/zoos');
    expect(doc.search_url).toBe('https://zoo.example/api/v1/search');
    expect(doc.link.href).toBe('/api/v1');
    expect(doc.links.map((l) => l.href)).toStrictEqual(['/api/v1/zoos', '/api/v1/search']);
  });

  it('ignores a trailing slash on the origin', () => {
    const doc = rootDocument({ prefix: '/v1', title: 'Zoo API', origin: 'http://localhost:3000/', entries });
    expect(doc.zoos_url).toBe('http://localhost:3000/v1/zoos');
  });

  it('lists nothing but the root when there are no entries', () => {
    expect(rootDocument({ prefix: '/v1', title: 'Empty', entries: [] })).toStrictEqual({
      link: { rel: 'self', href: '/v1', title: 'Empty', type: 'application/json' },
      links: [],
    });
  });

  it('refuses two entries with the same name', () => {
    const twice: RootEntry[] = [...entries, { name: 'zoos', title: 'Zoos again', kind: 'operation' }];
    expect(() => rootDocument({ prefix: '/v1', title: 'Zoo API', entries: twice })).toThrow(TypeError);
  });
});
