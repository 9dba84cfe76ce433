export { checkLimits, typeRanges, type ColumnLimits, type NumericDigits } from './column-limits.js';
export {
  BoundedCache,
  cacheBounds,
  entryOverhead,
  stringBytes,
  type CacheBounds,
} from './bounded-cache.js';
export { countMatches, pageWindow, settledTotal, type Counted, type CountSource, type PageWindow } from './counting.js';
export { existingTableProblems, type OwnedColumn } from './existing-table.js';
export { keyOfId, keysOfIds, type IdStorage } from './ids.js';
export { indexMark, indexPlan, type PlannedIndex } from './index-plan.js';
export { derivedName, isPlainName, maxIdentifierLength, quoted, snakeCase } from './names.js';
export { lookupOf, planReplaceMany, unwritten, type ReplacePlan, type ReplaceStep } from './outcomes.js';
export { containing, orderOf, selectedColumns, whereOf, type QueryDialect, type Where } from './query.js';
export { legacyRefused, schemaChangeRefused, tableMismatch, type LegacyProblem } from './refusals.js';
export {
  definitionOf,
  describeChange,
  diffTable,
  type ActualColumn,
  type ColumnChange,
  type ColumnDefinition,
  type DroppedColumn,
  type NarrowedValues,
  type RefusedChange,
  type RetypedColumn,
  type SchemaChange,
  type TableDiff,
  type TableFacts,
} from './schema-diff.js';
export {
  managedVersionColumn,
  projectedMap,
  tableMapOf,
  withActualStorage,
  type ActualStorage,
  type ColumnMap,
  type ColumnStorage,
  type IdColumn,
  type Reference,
  type TableMap,
  type TableOptions,
} from './table-map.js';
export { columnValue, fieldValue, recordData, rowValues, type ValueCodec } from './values.js';
export { violationError, type Violation } from './violations.js';
export { limitsCheck, limitsConstraint, type TextMeasure } from './schema-checks.js';
export {
  createUniqueSql,
  sharedKeysRefused,
  sharedKeysSql,
  uniqueMark,
  uniquePlan,
  type PlannedUnique,
} from './unique-keys.js';
export { checkSeedParents } from './seed-parents.js';
export { EstimateMemo, estimateBounds, estimateKeptFor } from './estimate-memo.js';
export { groupPages, groupStatements, lateralGroupStatement, type GroupRows, type GroupStatements } from './groups.js';
export {
  countWhere,
  listPage,
  lookups,
  type PageRead,
  type RevisionRead,
  type TableReads,
} from './reads.js';
export { sqlStartupCodes } from './startup-codes.js';
export type { BookkeepingSql, DialectCapabilities, GeneratedIds, SqlDialect } from './sql-dialect.js';
export type { Maybe, SqlDriver, SqlRow, StatementOptions, UnitStatement } from './sql-driver.js';
export { SqlStore, type SqlDatabase } from './sql-store.js';
export type { SqlStoreOptions } from './store-init.js';
export type { EngineReads, PageMemo } from './table-reads.js';
export type { Selection, TableShape } from './table-shape.js';
export type { WriteSource } from './table-writes.js';
export {
  countedFacts,
  layoutVersion,
  literal,
  orphanedRows,
  resolutionSql,
  type FactConditions,
  type ResolutionParts,
} from './managed-changes.js';
export {
  legacyProblemsOf,
  type LegacyCount,
  type LegacyDocumentSql,
  type LegacyMatches,
  type LegacyValue,
} from './legacy-checks.js';
export { onConflictUpsert, type KeptSql, type RateClock, type RateStatements } from './kept-sql.js';
export type { KeptOn } from './kept-tables.js';
export { jobStatements, type JobStatements } from './job-statements.js';
export { sqlJobs, type JobWakeUps, type SqlJobOptions } from './sql-jobs.js';
export { sqlIdempotency } from './sql-idempotency.js';
export { sqlWebhooks } from './sql-webhooks.js';
export { webhookStatements, type WebhookStatements } from './webhook-statements.js';
export { sqlRateLimits, type SqlRateCount, type SqlRateLimits } from './sql-rate-limits.js';
export {
  changeRetention,
  SqlChangeLog,
  type ChangeHold,
  type ChangeLogEngine,
  type ChangeLogOptions,
  type LogRead,
  type LogRow,
  type RowData,
} from './change-log.js';
export type { ChangeSql, ChangeWriting } from './change-writes.js';
