import type { AnyCollection } from '@corral/core';
import { ref, type JsonSchema } from './json-schema.js';

/** A page of a collection's records, each as `item` names it (the whole record, or the fields asked for). */
export function pageSchema(collection: AnyCollection, item: string, description: string): JsonSchema {
  return {
    type: 'object',
    description,
    properties: {
      offset: {
        type: 'integer',
        minimum: 0,
        description: 'Position of the first record; absent from a page found by cursor (paging=cursor)',
      },
      limit: { type: 'integer', minimum: 1 },
      total: { type: 'integer', minimum: 0 },
      ...(collection.count === 'exact'
        ? {}
        : {
            totalEstimated: {
              type: 'boolean',
              const: true,
              description: `Present (true) when total is an estimate, which the server may give when more than ${collection.count.estimateAbove} records match`,
            },
          }),
      [collection.name]: { type: 'array', items: ref(item) },
      links: {
        type: 'array',
        items: ref('Link'),
        description: 'nextPage and previousPage, when there are such pages',
      },
    },
    required: ['limit', 'total', collection.name, 'links'],
    additionalProperties: false,
  };
}

/**
 * The record and page as `?fields=` gives them: the same properties, of which only `id` and
 * `links` always come. A list or record answers with these when the request names its fields.
 */
export function partialSchemas(
  collection: AnyCollection,
  name: string,
  record: JsonSchema,
): Record<string, JsonSchema> {
  return {
    [`${name}Partial`]: {
      ...record,
      description: `A record of ${collection.name} with only the fields named by ?fields= (id and links always come).`,
      required: ['id', 'links'],
    },
    [`${name}PartialPage`]: pageSchema(
      collection,
      `${name}Partial`,
      `A page of ${collection.name} with only the fields named by ?fields=.`,
    ),
  };
}
