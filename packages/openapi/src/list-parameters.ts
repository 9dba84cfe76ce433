import type { AnyCollection } from '@corral/core';
import type { PagingOptions } from '@corral/core';
import { propertySchemas } from './json-schema.js';
import { pageSizeSchema, safeIntegerSchema, searchTextSchema } from './parameters.js';

/** The query parameters of a collection's list: paging, its filters, sorting and search. */
export function listParameters(collection: AnyCollection, paging: Required<PagingOptions>): unknown[] {
  const fields = propertySchemas(collection.schema, 'output');
  const query = (name: string, description: string, schema: unknown) => ({ name, in: 'query', required: false, description, schema });
  const parameters: unknown[] = [
    query('offset', 'Position of the first record (default 0). Not with page/per_page.', safeIntegerSchema(0)),
    query('limit', `Records per page (default ${paging.defaultLimit}).`, pageSizeSchema(paging.maxLimit)),
    query('page', 'Page number from 1, with per_page. Not with offset/limit.', safeIntegerSchema(1)),
    query('per_page', `Records per page (default ${paging.defaultLimit}), with page.`, pageSizeSchema(paging.maxLimit)),
  ];
  for (const [parameter, field] of Object.entries(collection.filters)) {
    parameters.push(query(parameter, `Only records whose ${field} equals this value.`, fields[field as string] ?? { type: 'string' }));
  }
  if (collection.sortable.length > 0) {
    parameters.push(query('sortby', 'Property to sort by; ties are broken by id.', { type: 'string', enum: [...collection.sortable] }));
    parameters.push(query('order', 'Sort direction (default asc).', { type: 'string', enum: ['asc', 'desc'] }));
  }
  if (collection.searchable.length > 0) {
    parameters.push(query('query', `Case-insensitive text search in ${collection.searchable.join(', ')}.`, searchTextSchema));
  }
  return parameters;
}
