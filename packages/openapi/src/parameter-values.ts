import {
  listParameters,
  serverParentField,
  type AnyCollection,
  type ListParameter,
  type ListParameterName,
  type ListParameterValue,
  type VersionDescription,
} from '@corral/core';
import { pageSizeSchema, safeIntegerSchema, searchTextSchema } from './parameters.js';
import { expandParameter } from './relations.js';

/** What a list's parameters are described for: the collection and the version it is served in. */
interface ListContext {
  readonly collection: AnyCollection;
  readonly version: VersionDescription;
}

/** The offset paging parameters, which depend on the version only. */
type OffsetPaging = 'offset' | 'limit' | 'page' | 'per_page';

const pagingDescriptions: Readonly<Record<OffsetPaging, (context: Pick<ListContext, 'version'>) => string>> = {
  offset: () => 'Position of the first record (default 0). Not with page/per_page.',
  limit: ({ version }) => `Records per page (default ${version.paging.defaultLimit}).`,
  page: () => 'Page number from 1, with per_page. Not with offset/limit.',
  per_page: ({ version }) => `Records per page (default ${version.paging.defaultLimit}), with page.`,
};

/** What each parameter does (`expand` is described with its relations, in relations.ts). */
const descriptions: Readonly<Record<Exclude<ListParameterName, 'expand'>, (context: ListContext) => string>> = {
  ...pagingDescriptions,
  paging: () =>
    'offset (default) or cursor: pages that start at a place, so that a page deep in the list costs what the first does; nextPage and previousPage then carry after and before. Not with offset, page or per_page.',
  after: () => 'With paging=cursor: the page after this cursor, taken from a nextPage link.',
  before: () => 'With paging=cursor: the page before this cursor, taken from a previousPage link.',
  fields: () =>
    'Only these properties (separated by commas) besides id and links; the others are left out, required ones included.',
  sortby: () => 'Property to sort by; ties are broken by id.',
  order: () => 'Sort direction (default asc).',
  query: ({ collection }) => `Case-insensitive text search in ${collection.searchable.join(', ')}.`,
};

/** The names `fields` may list: the record's properties, and id and links (always sent, so naming them is allowed). */
function fieldNames(collection: AnyCollection): Record<string, unknown> {
  const parentKey = serverParentField(collection);
  const fields = [...Object.keys(collection.schema.shape), ...(parentKey ? [parentKey] : [])];
  return {
    style: 'form',
    explode: false,
    schema: {
      type: 'array',
      minItems: 1,
      maxItems: fields.length + 2,
      items: { type: 'string', enum: [...fields, 'id', 'links'] },
    },
  };
}

/** The values of the offset paging parameters, which depend on the version only. */
const pagingValues: Readonly<
  Record<'position' | 'pageNumber' | 'pageSize', (context: Pick<ListContext, 'version'>) => Record<string, unknown>>
> = {
  position: () => ({ schema: safeIntegerSchema(0) }),
  pageNumber: () => ({ schema: safeIntegerSchema(1) }),
  pageSize: ({ version }) => ({ schema: pageSizeSchema(version.paging.maxLimit) }),
};

/** The schema of each kind of value (with how a list of values is written). */
const values: Readonly<
  Record<Exclude<ListParameterValue, 'relationChains'>, (context: ListContext) => Record<string, unknown>>
> = {
  ...pagingValues,
  pagingMode: () => ({ schema: { type: 'string', enum: ['offset', 'cursor'] } }),
  cursor: () => ({ schema: { type: 'string', maxLength: 2048 } }),
  fieldNames: ({ collection }) => fieldNames(collection),
  sortField: ({ collection }) => ({ schema: { type: 'string', enum: [...collection.sortable] } }),
  sortOrder: () => ({ schema: { type: 'string', enum: ['asc', 'desc'] } }),
  searchText: () => ({ schema: searchTextSchema }),
};

/** One parameter of the table as an OpenAPI parameter; undefined for `expand` on a collection without relations. */
export function queryParameter(parameter: ListParameter, context: ListContext): unknown {
  const { collection, version } = context;
  // One row, tested on both fields so that the types of the others leave it out.
  if (parameter.name === 'expand' || parameter.takes === 'relationChains')
    return expandParameter(collection, version.collections, version.expand.maxDepth);
  return {
    name: parameter.name,
    in: 'query',
    required: false,
    description: descriptions[parameter.name](context),
    ...values[parameter.takes](context),
  };
}

/**
 * The offset paging parameters (`offset`/`limit`, `page`/`per_page`) of a route that pages
 * without a collection, as `parsePaging` reads them: a plugin endpoint's list.
 */
export function offsetPagingParameters(version: VersionDescription): unknown[] {
  const offsetRows = listParameters.filter(
    (row): row is typeof row & { name: OffsetPaging; takes: keyof typeof pagingValues } =>
      row.paging === 'offset' || row.paging === 'page' || row.paging === 'size',
  );
  return offsetRows.map((row) => ({
    name: row.name,
    in: 'query',
    required: false,
    description: pagingDescriptions[row.name]({ version }),
    ...pagingValues[row.takes]({ version }),
  }));
}
