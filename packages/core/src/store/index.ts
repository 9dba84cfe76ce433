export { memoryStore, type MemoryStoreOptions } from './memory-store.js';
export { searchableText } from './match.js';
export { memoryDatabase, MemoryDatabase, type MemoryTransaction } from './memory-database.js';
export type {
  ComparisonOperator,
  DeleteAllResult,
  DeleteResult,
  FieldCondition,
  ListFeatures,
  ListPosition,
  ListQuery,
  ListSeek,
  ListResult,
  Lookup,
  ReplaceEntry,
  ReplaceManyResult,
  SortOrder,
  StaleRevision,
  Store,
  StoredRecord,
  StoreCallOptions,
  StoreDatabase,
  StoredFieldKind,
  StoreFilter,
  StoreInit,
  StoreParent,
  Transaction,
  WriteResult,
} from './store.js';
