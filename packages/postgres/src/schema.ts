import { createHash } from 'node:crypto';
import { searchableText, type StoreInit, CorralError } from '@corral/core';
import type { PostgresDatabase, Queryable } from './database.js';
import { fieldExpression, identifier, searchColumn } from './names.js';

/** The layout of the tables this package makes; a later layout comes with the steps that move a table to it. */
export const layoutVersion = 1;

/** The lower-cased text of each searchable field, as stored in its search column (core's rule, so every store searches alike). */
export function searchValues(init: StoreInit, data: Readonly<Record<string, unknown>>): (string | null)[] {
  return init.searchable.map((field) => searchableText(data[field]) ?? null);
}

/** An index name within PostgreSQL's 63 characters, stable for the same definition. */
function indexName(collection: string, definition: string): string {
  return identifier(`${collection.slice(0, 40)}_${createHash('sha256').update(definition).digest('hex').slice(0, 12)}`);
}

/**
 * Makes what a collection needs, under an advisory lock (one per schema) so that collections
 * and processes starting at once do not race: the schema, the shared tables, the collection's table, a search column per
 * searchable field (filled when new), and indexes from the declarations: one per filter and sort
 * field, one per filter-sort pair (all over live records only), a trigram index per search column,
 * and planner statistics on every filter and sort expression.
 * Returns whether the table had never held a record.
 */
export async function prepareTable(database: PostgresDatabase, on: Queryable, init: StoreInit): Promise<boolean> {
  const { schema } = database;
  const table = `${schema}.${identifier(init.collection)}`;
  for (const field of [...init.filterable, ...init.sortable, ...init.searchable]) fieldExpression(init, field); // refuses odd names first
  // One lock per schema: the shared tables are made by whichever collection comes first.
  await on.query(`SELECT pg_advisory_xact_lock(hashtext('corral:' || $1))`, [schema]);
  await on.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await on.query(`CREATE TABLE IF NOT EXISTS ${schema}.corral_revisions (collection text PRIMARY KEY, revision bigint NOT NULL, live bigint)`);
  await on.query(`ALTER TABLE ${schema}.corral_revisions ADD COLUMN IF NOT EXISTS live bigint`);
  await on.query(`CREATE TABLE IF NOT EXISTS ${schema}.corral_tables (collection text PRIMARY KEY, layout integer NOT NULL)`);
  const layout = await on.query(`SELECT layout FROM ${schema}.corral_tables WHERE collection = $1`, [init.collection]);
  const found = layout.rows[0]?.layout as number | undefined;
  if (found !== undefined && found !== layoutVersion) throw new CorralError('CORRAL_TABLE_LAYOUT_MISMATCH', `@corral/postgres: table ${table} has layout ${found}; this version of the package reads layout ${layoutVersion}`);
  await on.query(`CREATE TABLE IF NOT EXISTS ${table} (seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, version integer NOT NULL, deleted boolean NOT NULL DEFAULT false, data jsonb)`);
  await on.query(`INSERT INTO ${schema}.corral_tables (collection, layout) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [init.collection, layoutVersion]);
  await on.query(`INSERT INTO ${schema}.corral_revisions (collection, revision) VALUES ($1, 0) ON CONFLICT DO NOTHING`, [init.collection]);
  // The count of live records kept beside the revision: set from the table once, when the column is new.
  const counted = await on.query(`SELECT live FROM ${schema}.corral_revisions WHERE collection = $1 FOR UPDATE`, [init.collection]);
  if (counted.rows[0]?.live === null) {
    await on.query(`UPDATE ${schema}.corral_revisions SET live = (SELECT count(*) FROM ${table} WHERE NOT deleted) WHERE collection = $1`, [init.collection]);
  }
  const columns = await on.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2`, [schema.slice(1, -1), init.collection]);
  const existing = new Set(columns.rows.map((row) => String(row.column_name)));
  const added = init.searchable.filter((field) => !existing.has(`search_${field}`));
  for (const field of added) await on.query(`ALTER TABLE ${table} ADD COLUMN ${searchColumn(field)} text`);
  if (added.length > 0) await fillSearchColumns(on, table, init);
  const indexes = [...new Set([...init.filterable, ...init.sortable])].map((field) => [field]);
  for (const filter of init.filterable) for (const sort of init.sortable) if (filter !== sort) indexes.push([filter, sort]);
  for (const fields of indexes) {
    const definition = `(${fields.map((field) => fieldExpression(init, field)).join(', ')}, seq) WHERE NOT deleted`;
    await on.query(`CREATE INDEX IF NOT EXISTS ${indexName(init.collection, definition)} ON ${table} ${definition}`);
  }
  // Statistics on each filter and sort expression: without them the planner guesses 0.5% for any
  // value, estimates totals badly and counts a common value through a bitmap scan that cannot stop early.
  for (const field of new Set([...init.filterable, ...init.sortable])) {
    const expression = fieldExpression(init, field);
    await on.query(`CREATE STATISTICS IF NOT EXISTS ${schema}.${indexName(init.collection, `statistics ${expression}`)} ON (${expression}) FROM ${table}`);
  }
  if (init.searchable.length > 0 && (await trigramsAvailable(on))) {
    for (const field of init.searchable) {
      const definition = `USING gin (${searchColumn(field)} gin_trgm_ops)`;
      await on.query(`CREATE INDEX IF NOT EXISTS ${indexName(init.collection, definition)} ON ${table} ${definition}`);
    }
  }
  const any = await on.query(`SELECT EXISTS (SELECT 1 FROM ${table}) AS any`);
  return !any.rows[0]?.any;
}

/** pg_trgm makes substring search use an index; without the right to install it, search still works, by scanning. */
async function trigramsAvailable(on: Queryable): Promise<boolean> {
  const installed = await on.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
  if (installed.rowCount) return true;
  try {
    await on.query('SAVEPOINT corral_trgm');
    await on.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await on.query('RELEASE SAVEPOINT corral_trgm');
    return true;
  } catch {
    await on.query('ROLLBACK TO SAVEPOINT corral_trgm');
    return false;
  }
}

async function fillSearchColumns(on: Queryable, table: string, init: StoreInit): Promise<void> {
  const assignments = init.searchable.map((field, i) => `${searchColumn(field)} = $${i + 2}`).join(', ');
  const rows = await on.query(`SELECT seq, data FROM ${table} WHERE NOT deleted`);
  for (const row of rows.rows) await on.query(`UPDATE ${table} SET ${assignments} WHERE seq = $1`, [row.seq, ...searchValues(init, row.data as Record<string, unknown>)]);
}
