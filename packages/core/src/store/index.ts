export { memoryStore, type MemoryStoreOptions } from './memory-store.js';
export type {
  DeleteResult,
  ListQuery,
  ListResult,
  Lookup,
  ReplaceEntry,
  ReplaceManyResult,
  SortOrder,
  Store,
  StoredRecord,
  StoreIndexHints,
  WriteResult,
} from './store.js';
