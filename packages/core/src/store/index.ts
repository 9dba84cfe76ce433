export { memoryStore, type MemoryStoreOptions } from './memory-store.js';
export { searchableText } from './match.js';
export {
  memoryDatabase,
  MemoryDatabase,
  type MemoryDatabaseOptions,
  type MemoryTransaction,
} from './memory-database.js';
export { MemoryChangeLog, type MemoryChangeLogOptions, type NewChange } from './memory-change-log.js';
export type {
  ComparisonOperator,
  DeleteAllResult,
  DeleteResult,
  FieldCondition,
  GroupPage,
  GroupQuery,
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
  FieldLimits,
  StoreFilter,
  StoreInit,
  StoreLock,
  StoreParent,
  Transaction,
  TransactionOptions,
  WriteResult,
} from './store.js';
export type { ChangeBatch, ChangeKind, ChangeLog, LoggedChange } from './change-log.js';
