import {
  filterField,
  filterForms,
  inputLimits,
  listParametersOf,
  type AnyCollection,
  type FilterEntry,
  type VersionDescription,
} from '@corral/core';
import { propertySchemas } from './json-schema.js';
import { queryParameter } from './parameter-values.js';

/** What each operator asks of a record's field, for a parameter's description. */
const meanings = {
  eq: 'equals',
  ne: 'differs from (records without a value included)',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  in: 'is one of',
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
    description:
      operator === 'in'
        ? `Only records whose ${field} ${meanings.in} these values, separated by commas or given in repeats of the parameter (all of them count).`
        : `Only records whose ${field} ${meanings[operator]} this value.`,
    // A list is declared as one parameter with its values separated by commas; the service takes
    // the parameter repeated too (query serializers' default for arrays), as the description says.
    ...(operator === 'in'
      ? {
          style: 'form',
          explode: false,
          schema: { type: 'array', items: schema, minItems: 1, maxItems: inputLimits.filterListLength },
        }
      : { schema }),
  }));
}

/** The filters' parameters, each in every form it answers to. */
function filtersOf(collection: AnyCollection): unknown[] {
  const fields = propertySchemas(collection.schema, 'output');
  return Object.entries(collection.filters as Record<string, FilterEntry>).flatMap(([parameter, entry]) =>
    filterParameters(parameter, entry, fields[filterField(entry)] ?? { type: 'string' }),
  );
}

/**
 * The query parameters of a collection's list, from core's table: paging, the filters, the others
 * (fields, sorting, search), and `expand` last, as its values depend on the other collections.
 */
export function listQueryParameters(collection: AnyCollection, version: VersionDescription): unknown[] {
  const own = listParametersOf(collection);
  const context = { collection, version };
  const render = (rows: typeof own) => rows.map((row) => queryParameter(row, context));
  return [
    ...render(own.filter((row) => row.paging !== undefined)),
    ...filtersOf(collection),
    ...render(own.filter((row) => row.paging === undefined && row.takes !== 'relationChains')),
    ...render(own.filter((row) => row.takes === 'relationChains')),
  ].filter((parameter) => parameter !== undefined);
}

/** The query parameters of a record's GET (`fields`, `expand`). */
export function recordQueryParameters(collection: AnyCollection, version: VersionDescription): unknown[] {
  return listParametersOf(collection)
    .filter((row) => row.onRecords)
    .map((row) => queryParameter(row, { collection, version }))
    .filter((parameter) => parameter !== undefined);
}
