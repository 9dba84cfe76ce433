import {
  filterField,
  filterForms,
  inputLimits,
  serverParentField,
  type AnyCollection,
  type FilterEntry,
} from '@corral/core';
import type { PagingOptions } from '@corral/core';
import { propertySchemas } from './json-schema.js';
import { pageSizeSchema, safeIntegerSchema, searchTextSchema } from './parameters.js';

/** What each operator asks of a record's field, for a parameter's description. */
const meanings = {
  eq: 'equals',
  ne: 'differs from (records without a value included)',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  in: 'is one of (values separated by commas)',
} as const;

/**
 * One parameter per form the filter answers to: `name` for equality (and `name[eq]` beside other
 * operators), `name[op]` for the others.
 */
function filterParameters(parameter: string, entry: FilterEntry, schema: unknown): unknown[] {
  const field = filterField(entry);
  return filterForms(parameter, entry).map(({ name, operator }) => ({
    name,
    in: 'query',
    required: false,
    description: `Only records whose ${field} ${meanings[operator]} this value.`,
    // A list is one parameter with its values separated by commas.
    ...(operator === 'in'
      ? {
          style: 'form',
          explode: false,
          schema: { type: 'array', items: schema, minItems: 1, maxItems: inputLimits.filterListLength },
        }
      : { schema }),
  }));
}

/** `fields`: the properties to send (besides `id` and `links`), for lists and single records. */
export function fieldsParameter(collection: AnyCollection): unknown {
  const parentKey = serverParentField(collection);
  const fields = [...Object.keys(collection.schema.shape), ...(parentKey ? [parentKey] : [])];
  return {
    name: 'fields',
    in: 'query',
    required: false,
    description:
      'Only these properties (separated by commas) besides id and links; the others are left out, required ones included.',
    style: 'form',
    explode: false,
    // id and links may be named as well (they are always sent).
    schema: {
      type: 'array',
      minItems: 1,
      maxItems: fields.length + 2,
      items: { type: 'string', enum: [...fields, 'id', 'links'] },
    },
  };
}

/** The query parameters of a collection's list: paging, its filters, sorting and search. */
export function listParameters(collection: AnyCollection, paging: Required<PagingOptions>): unknown[] {
  const fields = propertySchemas(collection.schema, 'output');
  const query = (name: string, description: string, schema: unknown) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema,
  });
  const parameters: unknown[] = [
    query('offset', 'Position of the first record (default 0). Not with page/per_page.', safeIntegerSchema(0)),
    query('limit', `Records per page (default ${paging.defaultLimit}).`, pageSizeSchema(paging.maxLimit)),
    query('page', 'Page number from 1, with per_page. Not with offset/limit.', safeIntegerSchema(1)),
    query('per_page', `Records per page (default ${paging.defaultLimit}), with page.`, pageSizeSchema(paging.maxLimit)),
    query(
      'paging',
      'offset (default) or cursor: pages that start at a place, so that a page deep in the list costs what the first does; nextPage and previousPage then carry after and before. Not with offset, page or per_page.',
      { type: 'string', enum: ['offset', 'cursor'] },
    ),
    query('after', 'With paging=cursor: the page after this cursor, taken from a nextPage link.', {
      type: 'string',
      maxLength: 2048,
    }),
    query('before', 'With paging=cursor: the page before this cursor, taken from a previousPage link.', {
      type: 'string',
      maxLength: 2048,
    }),
  ];
  for (const [parameter, entry] of Object.entries(collection.filters as Record<string, FilterEntry>)) {
    parameters.push(...filterParameters(parameter, entry, fields[filterField(entry)] ?? { type: 'string' }));
  }
  parameters.push(fieldsParameter(collection));
  if (collection.sortable.length > 0) {
    parameters.push(
      query('sortby', 'Property to sort by; ties are broken by id.', {
        type: 'string',
        enum: [...collection.sortable],
      }),
    );
    parameters.push(query('order', 'Sort direction (default asc).', { type: 'string', enum: ['asc', 'desc'] }));
  }
  if (collection.searchable.length > 0) {
    parameters.push(
      query('query', `Case-insensitive text search in ${collection.searchable.join(', ')}.`, searchTextSchema),
    );
  }
  return parameters;
}
