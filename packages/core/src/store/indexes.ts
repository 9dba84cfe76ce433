import { fieldValue, sameValueZero } from './compare.js';
import { FilterIndex } from './filter-index.js';
import { SortedIndex } from './sorted-index.js';
import type { StoreInit } from './store.js';

/** The fields a store keeps indexes for. */
export type IndexedFields = Pick<StoreInit, 'sortable' | 'filterable'>;

/** The indexes of one store, kept in step with every write. */
export class Indexes {
  readonly sorted = new Map<string, SortedIndex>();
  readonly filters = new Map<string, FilterIndex>();

  /**
   * Builds the indexes of the given fields from the records that exist now (one sort per field,
   * not one splice per record). Fields already indexed are rebuilt.
   */
  rebuild(fields: IndexedFields, live: ReadonlyMap<number, { readonly data: object }>): void {
    for (const field of fields.sortable) {
      const entries = Array.from(live, ([seq, record]) => [seq, fieldValue(record.data, field)] as const);
      this.sorted.set(field, SortedIndex.build(field, entries));
    }
    for (const field of fields.filterable) {
      const index = new FilterIndex(field);
      for (const [seq, record] of live) index.add(seq, fieldValue(record.data, field));
      this.filters.set(field, index);
    }
  }

  added(seq: number, data: object): void {
    for (const index of this.sorted.values()) index.insert(seq, fieldValue(data, index.field));
    for (const index of this.filters.values()) index.add(seq, fieldValue(data, index.field));
  }

  replaced(seq: number, before: object, after: object): void {
    for (const index of this.sorted.values()) {
      const old = fieldValue(before, index.field);
      const value = fieldValue(after, index.field);
      if (Object.is(old, value)) continue;
      index.remove(seq, old);
      index.insert(seq, value);
    }
    for (const index of this.filters.values()) {
      const old = fieldValue(before, index.field);
      const value = fieldValue(after, index.field);
      // Skipping unchanged values also keeps the bucket's order intact.
      if (sameValueZero(old, value)) continue;
      index.remove(seq, old);
      index.add(seq, value);
    }
  }

  removed(seq: number, data: object): void {
    for (const index of this.sorted.values()) index.remove(seq, fieldValue(data, index.field));
    for (const index of this.filters.values()) index.remove(seq, fieldValue(data, index.field));
  }

  clear(): void {
    for (const index of this.sorted.values()) index.clear();
    for (const index of this.filters.values()) index.clear();
  }
}
