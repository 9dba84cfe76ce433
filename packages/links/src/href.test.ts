import { describe, expect, it } from 'vitest';
import { resourceHref } from './href.js';

describe('resourceHref', () => {
  it('joins prefix, collection path and id', () => {
    expect(resourceHref('/v1', 'zoos', '7')).toBe('/v1/zoos/7');
    expect(resourceHref('/api/v1', 'zoos/7/animals', '12')).toBe('/api/v1/zoos/7/animals/12');
  });

  it('works without a prefix', () => {
    expect(resourceHref('', 'zoos', '7')).toBe('/zoos/7');
  });

  it.each([
    ['a/b', 'a%2Fb'],
    ['two words', 'two%20words'],
    ['a?b#c', 'a%3Fb%23c'],
    ['100%', '100%25'],
    ['..', '..'],
    ['Zürich', 'Z%C3%BCrich'],
    ['🦁', '%F0%9F%A6%81'],
  ])('encodes the id %j as one path segment', (id, encoded) => {
    const href = resourceHref('/v1', 'zoos', id);
    expect(href).toBe(`/v1/zoos/${encoded}`);
    expect(decodeURIComponent(href.slice('/v1/zoos/'.length))).toBe(id);
  });

  it('leaves the collection path as the caller encoded it', () => {
    expect(resourceHref('/v1', 'zoos/a%2Fb/animals', 'x')).toBe('/v1/zoos/a%2Fb/animals/x');
  });
});
