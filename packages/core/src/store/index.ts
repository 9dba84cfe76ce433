export { memoryStore, type MemoryStoreOptions } from './memory-store.js';
export type {
  DeleteAllResult,
  DeleteResult,
  ListQuery,
  ListResult,
  Lookup,
  ReplaceEntry,
  ReplaceManyResult,
  SortOrder,
  StaleRevision,
  Store,
  StoredRecord,
  StoreIndexHints,
  WriteResult,
} from './store.js';
