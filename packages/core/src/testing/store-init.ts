import type { StoreInit } from '../store/store.js';

/** A store's `init` argument for tests that care only about which fields are indexed. */
export function storeInitFor(fields: Partial<StoreInit>): StoreInit {
  return {
    collection: 'things',
    fields: {},
    filterable: [],
    sortable: [],
    searchable: [],
    required: [],
    nullable: [],
    enums: {},
    ...fields,
  };
}
