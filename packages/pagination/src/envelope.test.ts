import { describe, expect, expectTypeOf, it } from 'vitest';
import { pageEnvelope, pageEnvelopeText, type PageEnvelope } from './envelope.js';

interface Animal {
  id: number;
  name: string;
}

const lion: Animal = { id: 1, name: 'Lion' };
const next = { rel: 'nextPage', href: '/v1/animals?offset=1&limit=1' };

describe('pageEnvelope', () => {
  it('puts the records under the collection name, between total and links', () => {
    const envelope = pageEnvelope('animals', [lion], { offset: 0, limit: 1, total: 2, links: [next] });
    expect(envelope).toStrictEqual({ offset: 0, limit: 1, total: 2, animals: [lion], links: [next] });
    expect(Object.keys(envelope)).toStrictEqual(['offset', 'limit', 'total', 'animals', 'links']);
    expect(JSON.stringify(envelope)).toBe(
      '{"offset":0,"limit":1,"total":2,"animals":[{"id":1,"name":"Lion"}],"links":[{"rel":"nextPage","href":"/v1/animals?offset=1&limit=1"}]}',
    );
  });

  it('is typed by the collection name and the record type', () => {
    const envelope = pageEnvelope('salaryStatements', [lion], { offset: 0, limit: 10, total: 1, links: [] });
    expectTypeOf(envelope).toEqualTypeOf<PageEnvelope<'salaryStatements', Animal>>();
    expectTypeOf(envelope.salaryStatements).toEqualTypeOf<Animal[]>();
    expectTypeOf(envelope.total).toEqualTypeOf<number>();
  });

  it('copies the arrays it is given', () => {
    const items = [lion];
    const links = [next];
    const envelope = pageEnvelope('animals', items, { offset: 0, limit: 10, total: 1, links });
    envelope.animals.pop();
    envelope.links.pop();
    expect(items).toHaveLength(1);
    expect(links).toHaveLength(1);
  });

  it('keeps an empty page', () => {
    expect(pageEnvelope('zoos', [], { offset: 0, limit: 10, total: 0, links: [] })).toStrictEqual({
      offset: 0,
      limit: 10,
      total: 0,
      zoos: [],
      links: [],
    });
  });

  it('refuses a collection name that clashes with the envelope', () => {
    for (const name of ['offset', 'limit', 'total', 'links'] as const) {
      // @ts-expect-error the type forbids these names too
      expect(() => pageEnvelope(name, [], { offset: 0, limit: 10, total: 0, links: [] })).toThrow(TypeError);
    }
  });
});

describe('pageEnvelopeText', () => {
  it('writes the bytes JSON.stringify gives the object envelope, around records already in JSON', () => {
    const page = { offset: 3, limit: 1, total: 9, links: [next] };
    for (const items of [[lion], [], [lion, { id: 2, name: 'Puma "P"' }]]) {
      const text = pageEnvelopeText(
        'animals',
        items.map((item) => JSON.stringify(item)),
        page,
      );
      expect(text).toBe(JSON.stringify(pageEnvelope('animals', items, page)));
    }
  });

  it('leaves the offset out of a cursor page, and says an estimated total right after total', () => {
    expect(pageEnvelopeText('zoos', ['{"id":"1"}'], { limit: 1, total: 5, totalEstimated: true, links: [] })).toBe(
      '{"limit":1,"total":5,"totalEstimated":true,"zoos":[{"id":"1"}],"links":[]}',
    );
    expect(pageEnvelopeText('zoos', [], { offset: 0, limit: 1, total: 0, totalEstimated: false, links: [] })).toBe(
      '{"offset":0,"limit":1,"total":0,"zoos":[],"links":[]}',
    );
  });
});
