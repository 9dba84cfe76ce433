import type { StoreInit } from '@corral/core';
import { existingTableProblems, type OwnedColumn } from './existing-table.js';
import { tableMismatch } from './refusals.js';
import { checkSeedParents } from './seed-parents.js';
import type { SqlStore } from './sql-store.js';
import { tableMapOf, withActualStorage, type TableMap, type TableOptions } from './table-map.js';
import { insertRow } from './table-writes.js';
import { missingUniqueKeys } from './unique-keys.js';

/** Settings of one store of a SQL database. */
export interface SqlStoreOptions<T> extends TableOptions {
  /** Records for a table that has never held one (not even a deleted one): demo or seed data. */
  readonly seed?: readonly T[];
  /** Field -> column, for columns not named the field's snake_case spelling (the fields are checked at start-up). */
  readonly columns?: { readonly [K in keyof NoInfer<T> & string]?: string };
  /**
   * With a table the application owns (`table`): log other programs' writes to it in the change
   * log too, by triggers the store adds to the table (off by default: they change the user's
   * table). The store's own writes are logged either way.
   */
  readonly changeTriggers?: boolean;
}

/**
 * Reads or makes a store's table in one unit: its own table made or brought in step with the
 * declarations, or a table the application owns checked against them; then its revision row, and
 * seed records when the table never held one. The table's map.
 */
export async function initTable<T extends object, C>(
  store: SqlStore<T, C>,
  init: StoreInit,
  options: SqlStoreOptions<T>,
): Promise<TableMap> {
  const managed = options.table === undefined;
  const parentStore = init.parent?.store;
  // A foreign key only between tables the store makes: a table the application owns is never tied to one of the store's.
  const parentMap =
    managed && (parentStore as Partial<SqlStore<object, C>> | undefined)?.database === store.database
      ? (parentStore as unknown as SqlStore<object, C>).map
      : undefined;
  const parent = parentMap?.managed ? { table: parentMap.table, id: parentMap.id } : undefined;
  const declared = tableMapOf(init, managed ? { ...options, id: undefined, version: undefined } : options, parent);
  const seed = options.seed ?? [];
  // Seed records go only into a table that never held one: those are checked first, outside the unit.
  if (await store.mayTakeSeed(declared)) await checkSeedParents(init, seed);
  let map: TableMap | undefined;
  await store.setUp(managed, async (on) => {
    const changed = managed ? await store.prepareManaged(on, declared) : false;
    map = managed ? declared : await ownedTable(store, on, declared);
    // The CHECK constraints' columns, so that a broken one names the fields (see violationError).
    map = { ...map, checks: await store.describeChecks(on, map) };
    store.useMap(map);
    const { dialect, driver } = store;
    await driver.run(on, dialect.bookkeeping.revisionSeed(dialect.placeholder(1), declared.managed), [
      declared.collection,
    ]);
    const seeded = seed.length > 0 && (await neverHeldARecord(store, on));
    if (seeded) for (const data of seed) await insertRow(store, on, data);
    await store.finishSetUp(on, declared, changed || seeded);
  });
  return map!;
}

/**
 * Checks a table the application owns against the declarations; refuses start-up, naming each
 * problem, when it cannot serve them.
 */
async function ownedTable<T extends object, C>(store: SqlStore<T, C>, on: C, declared: TableMap): Promise<TableMap> {
  const columns = await store.describeTable(on, declared);
  if (!columns)
    throw tableMismatch(declared, [
      `table ${store.tableLabel(declared.table)} does not exist (the store serves a table the application made; leave out \`table\` to have it make one)`,
    ]);
  const problems = existingTableProblems(declared, columns, store.dialect.codec.jsonAsText);
  // Declared unique keys are the table's own indexes: the store only checks that they are there.
  const indexes = declared.unique.length > 0 ? await store.uniqueIndexesOf(on, declared) : undefined;
  if (indexes) problems.push(...missingUniqueKeys(declared, indexes, store.tableLabel(declared.table)));
  if (problems.length > 0) throw tableMismatch(declared, problems);
  const idColumn = columns.find((column) => column.name === declared.id.column)!;
  store.adoptColumns(columns, idColumn);
  const actual = (name: string) => {
    const found: OwnedColumn | undefined = columns.find((column) => column.name === name);
    return {
      storage: found?.storage === 'other' ? undefined : found?.storage,
      notNull: found?.notNull ?? false,
      limits: found?.limits,
    };
  };
  const idStorage = idColumn.storage === 'integer' ? 'integer' : idColumn.storage === 'uuid' ? 'uuid' : 'text';
  return withActualStorage(declared, idStorage, actual);
}

async function neverHeldARecord<C>(store: SqlStore<object, C>, on: C): Promise<boolean> {
  const { dialect, driver } = store;
  const [rows] = await driver.rows(on, `SELECT EXISTS (SELECT 1 FROM ${store.shape.table}) AS any`, [], {
    arrays: true,
  });
  const [tombstones] = await driver.rows(
    on,
    dialect.bookkeeping.anyTombstone(dialect.placeholder(1)),
    [store.map.collection],
    { arrays: true },
  );
  return !(rows as unknown[])[0] && !(tombstones as unknown[])[0];
}
