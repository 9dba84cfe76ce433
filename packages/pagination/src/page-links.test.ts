import { describe, expect, it } from 'vitest';
import { pageLinks } from './page-links.js';

const links = (query: string, offset: number, limit: number, total: number) =>
  pageLinks({ path: '/v1/employees', params: new URLSearchParams(query), offset, limit, total });

describe('pageLinks', () => {
  it('links a middle page both ways', () => {
    expect(links('offset=30&limit=15', 30, 15, 100)).toStrictEqual([
      { rel: 'nextPage', href: '/v1/employees?offset=45&limit=15' },
      { rel: 'previousPage', href: '/v1/employees?offset=15&limit=15' },
    ]);
  });

  it('gives the first page only a next link', () => {
    expect(links('', 0, 10, 25)).toStrictEqual([{ rel: 'nextPage', href: '/v1/employees?offset=10&limit=10' }]);
  });

  it('gives the last page only a previous link', () => {
    expect(links('offset=20', 20, 10, 25)).toStrictEqual([
      { rel: 'previousPage', href: '/v1/employees?offset=10&limit=10' },
    ]);
    expect(links('offset=20', 20, 10, 30)).toStrictEqual([
      { rel: 'previousPage', href: '/v1/employees?offset=10&limit=10' },
    ]);
  });

  it('gives a single page no links', () => {
    expect(links('', 0, 10, 10)).toStrictEqual([]);
    expect(links('', 0, 10, 3)).toStrictEqual([]);
  });

  it('gives an empty collection no links at the start', () => {
    expect(links('', 0, 10, 0)).toStrictEqual([]);
  });

  it('does not step below offset 0', () => {
    expect(links('offset=5', 5, 10, 100)).toStrictEqual([
      { rel: 'nextPage', href: '/v1/employees?offset=15&limit=10' },
      { rel: 'previousPage', href: '/v1/employees?offset=0&limit=10' },
    ]);
  });

  it('points back at the last records when the page starts past the end', () => {
    expect(links('offset=100', 100, 10, 25)).toStrictEqual([
      { rel: 'previousPage', href: '/v1/employees?offset=15&limit=10' },
    ]);
    expect(links('offset=25', 25, 10, 25)).toStrictEqual([
      { rel: 'previousPage', href: '/v1/employees?offset=15&limit=10' },
    ]);
    expect(links('offset=100', 100, 10, 4)).toStrictEqual([
      { rel: 'previousPage', href: '/v1/employees?offset=0&limit=10' },
    ]);
    expect(links('offset=100', 100, 10, 0)).toStrictEqual([
      { rel: 'previousPage', href: '/v1/employees?offset=0&limit=10' },
    ]);
  });

  it('keeps other parameters in order, with repeats, and moves paging to the end', () => {
    const [next] = links('state=internal&offset=10&maturity=senior&limit=10&state=external&sortby=name', 10, 10, 50);
    expect(next?.href).toBe(
      '/v1/employees?state=internal&maturity=senior&state=external&sortby=name&offset=20&limit=10',
    );
  });

  it('rewrites page and per_page as offset and limit', () => {
    expect(links('page=2&per_page=5&query=x', 5, 5, 20)).toStrictEqual([
      { rel: 'nextPage', href: '/v1/employees?query=x&offset=10&limit=5' },
      { rel: 'previousPage', href: '/v1/employees?query=x&offset=0&limit=5' },
    ]);
  });

  it('encodes the values it keeps', () => {
    const [next] = links('query=a b&name=ä&x=%26%3D', 0, 10, 20);
    expect(next?.href).toBe('/v1/employees?query=a+b&name=%C3%A4&x=%26%3D&offset=10&limit=10');
  });

  it('carries only rel and href', () => {
    for (const link of links('offset=10', 10, 10, 30)) expect(Object.keys(link)).toStrictEqual(['rel', 'href']);
  });
});
