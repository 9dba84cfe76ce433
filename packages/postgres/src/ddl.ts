import { createHash } from 'node:crypto';
import { quoted } from '@corral/sql';
import type { Queryable } from './database.js';

/**
 * Makes a trigger by `statements` unless the one there was made by the same statements: its
 * comment keeps a digest of them. A trigger's DDL locks its table against writes and, while it
 * waits for that lock (for every open unit that wrote the table), every writer queues behind it;
 * so a start that changes nothing takes no such lock. Answers whether it made the trigger.
 */
export async function ensureTrigger(
  on: Queryable,
  table: string,
  name: string,
  statements: readonly string[],
): Promise<boolean> {
  const digest = `corral ${createHash('sha256').update(statements.join(';\n')).digest('base64url').slice(0, 22)}`;
  const found = await on.query(
    `SELECT obj_description(oid, 'pg_trigger') AS note FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname = $2`,
    [table, name],
  );
  if (found.rows[0]?.note === digest) return false;
  for (const sql of statements) await on.query(sql);
  await on.query(`COMMENT ON TRIGGER ${quoted(name)} ON ${table} IS '${digest}'`);
  return true;
}
