import { searchableText, type StoreInit } from '@corral/core';
import type { DatabaseSync } from 'node:sqlite';
import { fieldExpression, identifier, searchColumn } from './names.js';

/** The lower-cased text of each searchable field, as stored in its search column (core's rule, so every store searches alike). */
export function searchValues(init: StoreInit, data: Readonly<Record<string, unknown>>): (string | null)[] {
  return init.searchable.map((field) => searchableText(data[field]) ?? null);
}

/**
 * Creates the collection's table when missing, adds a search column for a field newly declared
 * searchable (filling it from the records), and the indexes the declarations call for: one per
 * filter and sort field and one per filter-sort pair, each over live records only.
 */
export function prepareTable(connection: DatabaseSync, init: StoreInit): void {
  const table = identifier(init.collection);
  for (const field of [...init.filterable, ...init.sortable, ...init.searchable]) fieldExpression(field); // refuses odd names before anything is made
  connection.exec(`CREATE TABLE IF NOT EXISTS ${table} (seq INTEGER PRIMARY KEY AUTOINCREMENT, version INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0, data TEXT)`);
  const columns = new Set(connection.prepare(`SELECT name FROM pragma_table_info(?)`).all(init.collection).map((row) => String(row.name)));
  const missing = init.searchable.filter((field) => !columns.has(`search_${field}`));
  for (const field of missing) connection.exec(`ALTER TABLE ${table} ADD COLUMN ${searchColumn(field)} TEXT`);
  if (missing.length > 0) fillSearchColumns(connection, init);
  const indexed = new Set([...init.filterable, ...init.sortable]);
  for (const field of indexed) createIndex(connection, init.collection, [field]);
  for (const filter of init.filterable) for (const sort of init.sortable) if (filter !== sort) createIndex(connection, init.collection, [filter, sort]);
  connection.prepare('INSERT OR IGNORE INTO corral_revisions (collection, revision) VALUES (?, 0)').run(init.collection);
  // The count of live records kept beside the revision: set from the table once, when it is new.
  connection.prepare(`UPDATE corral_revisions SET live = (SELECT count(*) FROM ${table} WHERE deleted = 0) WHERE collection = ? AND live IS NULL`).run(init.collection);
}

function createIndex(connection: DatabaseSync, collection: string, fields: readonly string[]): void {
  const name = identifier(`${collection}_by_${fields.join('_')}`);
  connection.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${identifier(collection)} (${fields.map(fieldExpression).join(', ')}, seq) WHERE deleted = 0`);
}

function fillSearchColumns(connection: DatabaseSync, init: StoreInit): void {
  const table = identifier(init.collection);
  const update = connection.prepare(`UPDATE ${table} SET ${init.searchable.map((f) => `${searchColumn(f)} = ?`).join(', ')} WHERE seq = ?`);
  for (const row of connection.prepare(`SELECT seq, data FROM ${table} WHERE deleted = 0`).all()) {
    update.run(...searchValues(init, JSON.parse(String(row.data)) as Record<string, unknown>), Number(row.seq));
  }
}
