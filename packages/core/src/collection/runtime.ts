import type { PagingOptions } from '@corral/pagination';
import type { z } from 'zod';
import type { BodyRules } from '../schema/body-rules.js';
import type { AnyCollection } from './define-collection.js';
import { fieldFilter, fieldFilters, type FieldFilter } from './field-filters.js';
import { listParamRules, type ListParamRules } from './list-params.js';
import { SerializedRecords } from './serialized-records.js';

/** Everything about a collection that can be worked out once at startup rather than per request. */
export interface CollectionRuntime {
  readonly collection: AnyCollection;
  readonly body: BodyRules;
  readonly list: ListParamRules;
  /** The parent key when the server sets it from the path (absent from the schema). */
  readonly serverParentField: string | undefined;
  /** Reads a parent id from the path as the parent field's type. */
  readonly parentFilter: FieldFilter | undefined;
  /** Collections nested below this one, filled in once every runtime of the version exists. */
  readonly children: CollectionRuntime[];
  /** JSON of record representations, reused while a record is unchanged. */
  readonly serialized: SerializedRecords;
  /** Path below the version root where this collection's records live, e.g. `zoos`. */
  collectionPath(data: Readonly<Record<string, unknown>>): string;
}

/** Where a record of the collection lives below the version root: `zoos`, or `employees/7/salaryStatements` when nested only. */
export function collectionPathOf(collection: AnyCollection, data: Readonly<Record<string, unknown>>): string {
  const parent = collection.parent;
  if (!parent || parent.topLevel !== false) return collection.name;
  return `${parent.collection.name}/${encodeURIComponent(String(data[parent.field]))}/${collection.name}`;
}

export function collectionRuntime(collection: AnyCollection, paging: PagingOptions): CollectionRuntime {
  const shape = collection.schema.shape as Record<string, z.ZodType>;
  const fields = Object.keys(shape);
  const parent = collection.parent;
  const serverParentField = parent && !fields.includes(parent.field) ? parent.field : undefined;
  const readOnly = ['id', 'links', ...(serverParentField ? [serverParentField] : [])];
  collection.store.init?.({
    sortable: collection.sortable,
    filterable: [...new Set([...Object.values(collection.filters), ...(parent ? [parent.field] : [])])],
  });
  const runtime: CollectionRuntime = {
    collection,
    body: { schema: collection.schema, fields, readOnly },
    list: listParamRules(fieldFilters(collection.filters, shape), collection.sortable, collection.searchable, paging),
    serverParentField,
    parentFilter: parent ? fieldFilter(parent.field, shape[parent.field]) : undefined,
    children: [],
    get serialized() {
      return serialized;
    },
    collectionPath: (data) => collectionPathOf(collection, data),
  };
  const serialized = new SerializedRecords(runtime);
  return runtime;
}
