import { createHash } from 'node:crypto';
import type { Queryable } from './database.js';

/**
 * The triggers the store made, as it made them: a digest of the SQL that made each, and what the
 * catalogue then held for it (function, events, arguments, condition, transition tables). Kept in
 * a table of the store's own: a comment on the trigger would need the table's owner, and would
 * survive a replacement by others.
 */
export const triggersTable = (schema: string): string =>
  `CREATE TABLE IF NOT EXISTS ${schema}.corral_triggers (table_name text NOT NULL, name text NOT NULL, digest text NOT NULL, definition text NOT NULL, PRIMARY KEY (table_name, name))`;

/**
 * Makes a trigger by `statements` unless the one there was made by the same statements and is as
 * they left it (same definition, enabled). A trigger's DDL locks its table against writes and,
 * while it waits for that lock (for every open unit that wrote the table), every writer queues
 * behind it; so a start that changes nothing takes no such lock. Answers whether it made it.
 */
export async function ensureTrigger(
  on: Queryable,
  schema: string,
  table: string,
  name: string,
  statements: readonly string[],
): Promise<boolean> {
  const digest = createHash('sha256').update(statements.join(';\n')).digest('base64url');
  // The catalogue's own columns, not pg_get_triggerdef: its text names the function with or without
  // its schema as the connection's search_path has it, and would differ between two roles.
  const current = `SELECT concat_ws('|', tgfoid, tgtype, encode(tgargs, 'hex'), tgqual::text, tgoldtable, tgnewtable, tgattr::text) AS definition, tgenabled AS enabled FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname = $2`;
  const found = await on.query(
    `SELECT t.definition, t.enabled, k.digest, k.definition AS made FROM (${current}) AS t
    LEFT JOIN ${schema}.corral_triggers AS k ON k.table_name = $3::text AND k.name = $2`,
    [table, name, table],
  );
  const row = found.rows[0] as
    | { definition: string; enabled: string; digest: string | null; made: string | null }
    | undefined;
  if (row && row.enabled === 'O' && row.digest === digest && row.made === row.definition) return false;
  // CREATE OR REPLACE writes the trigger anew: enabled, whatever it was.
  for (const sql of statements) await on.query(sql);
  const made = await on.query(current, [table, name]);
  await on.query(
    `INSERT INTO ${schema}.corral_triggers (table_name, name, digest, definition) VALUES ($1, $2, $3, $4)
    ON CONFLICT (table_name, name) DO UPDATE SET digest = EXCLUDED.digest, definition = EXCLUDED.definition`,
    [table, name, digest, made.rows[0]!.definition],
  );
  return true;
}

/**
 * Makes the schema (`schema` quoted) when missing. Only then: even `CREATE SCHEMA IF NOT EXISTS`
 * asks for the right to create schemas in the database, which a role that was given a schema to
 * work in need not have.
 */
export const createSchemaSql = (schema: string): string =>
  `DO $corral$ BEGIN IF to_regnamespace('${schema.replaceAll("'", "''")}') IS NULL THEN CREATE SCHEMA IF NOT EXISTS ${schema}; END IF; END $corral$`;

/**
 * Makes an index (`schema` quoted; `on` what follows ON: the table, its columns, a WHERE) when
 * missing. Only then: even `CREATE INDEX IF NOT EXISTS` first locks the table against writes,
 * waiting for every open unit that wrote it while the writers queue behind.
 */
export const indexIfMissing = (schema: string, name: string, on: string): string =>
  `DO $corral$ BEGIN IF to_regclass('${`${schema}.${name}`.replaceAll("'", "''")}') IS NULL THEN CREATE INDEX IF NOT EXISTS ${name} ON ${on}; END IF; END $corral$`;
