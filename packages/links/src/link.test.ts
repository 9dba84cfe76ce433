import { describe, expect, it } from 'vitest';
import { collectionLink, relatedLink, selfLink } from './link.js';

describe('selfLink', () => {
  it('carries only rel and href', () => {
    expect(selfLink('/v1/zoos/7')).toStrictEqual({ rel: 'self', href: '/v1/zoos/7' });
  });
});

describe('collectionLink', () => {
  it('names the collection address in rel and types the target as JSON', () => {
    expect(collectionLink('/v1', 'zoos', 'Zoos')).toStrictEqual({
      rel: 'collection /v1/zoos',
      href: '/v1/zoos',
      title: 'Zoos',
      type: 'application/json',
    });
  });

  it('includes a base path in front of the version', () => {
    expect(collectionLink('/api/v1', 'animals', 'Animals')).toMatchObject({
      rel: 'collection /api/v1/animals',
      href: '/api/v1/animals',
    });
  });
});

describe('relatedLink', () => {
  it('resolves a relative target against the version root', () => {
    expect(relatedLink('/v1', 'salary', 'employees/1/salaryStatements')).toStrictEqual({
      rel: 'salary',
      href: '/v1/employees/1/salaryStatements',
    });
  });

  it('follows a change of base path', () => {
    expect(relatedLink('/api/v2', 'animals', 'zoos/3/animals').href).toBe('/api/v2/zoos/3/animals');
  });

  it('works with an empty prefix', () => {
    expect(relatedLink('', 'zoo', 'zoos/3').href).toBe('/zoos/3');
  });

  it('keeps an absolute path', () => {
    expect(relatedLink('/v1', 'zoo', '/elsewhere/zoos/3').href).toBe('/elsewhere/zoos/3');
  });

  it.each(['https://example.com/zoos/3', 'http://localhost:3000/v1', 'urn:isbn:0451450523'])(
    'keeps the absolute URL %s',
    (url) => {
      expect(relatedLink('/v1', 'describedby', url).href).toBe(url);
    },
  );

  it('adds a title only when one is given', () => {
    expect(relatedLink('/v1', 'zoo', 'zoos/3', 'Berlin Zoo')).toStrictEqual({
      rel: 'zoo',
      href: '/v1/zoos/3',
      title: 'Berlin Zoo',
    });
    expect(relatedLink('/v1', 'zoo', 'zoos/3')).not.toHaveProperty('title');
  });
});
