/**
 * `@corral/sql/testing`: the suites a SQL store built on this package passes (columns and counts
 * the database and the API agree on, expansion, the move from the previous layout). They import
 * vitest: install it beside this entry to use them.
 */
export { type ExpandHarness, expandCases } from './expand-cases.js';
export { expectPreviousRecordsKept } from './previous-layout-cases.js';
export { type SqlHarness, type Staff, sqlStoreCases } from './sql-store-cases.js';
export {
  type EngineDatabase,
  forEachEngine,
  type OwnedTable,
  type SqlTestEngine,
} from './engines.js';
export { managedRuleCases } from './rule-cases.js';
export { type StartedInstance, type StartPlace, startBesideUnitsCases } from './start-beside-units-cases.js';
