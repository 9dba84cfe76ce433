import { quoted } from '@corral/sql';
import type { MysqlDatabase, Queryable } from './database.js';
import { lostARace } from './outage.js';

/** A row trigger, in the words information_schema.TRIGGERS keeps it in. */
export interface TriggerSql {
  /** The trigger's name, unquoted. */
  name: string;
  timing: 'BEFORE' | 'AFTER';
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  /** The table it fires on, unquoted. */
  table: string;
  /** What follows `FOR EACH ROW` (kept word for word by the server). */
  statement: string;
}

/** How long a try that waited too long for a lock steps aside (ms), and how long the tries go on. */
const stepAside = 500;
const giveUpAfter = 300_000;

/**
 * Runs `work` until it does not fail by waiting too long for a lock (1205) or losing a deadlock,
 * stepping aside between tries so that the statements queued behind it get through, for five
 * minutes at most.
 */
export async function steppingAside(work: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + giveUpAfter;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!lostARace(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, stepAside));
    }
  }
}

/**
 * Runs a DDL statement that needs its table to itself (a trigger, an index, a column). Such a
 * statement waits for every open unit of work that touched the table, and while it waits every
 * new statement on the table queues behind it: one long unit elsewhere would stop all writers.
 * So it waits `tryFor` seconds at most, steps aside to let the queue through, and tries again. A
 * statement that rebuilds a table or index waits longer: it takes the lock again to finish, and
 * a try that gives up there throws the work away.
 */
export async function runDdl(database: MysqlDatabase, on: Queryable, sql: string, tryFor = 1): Promise<void> {
  await steppingAside(async () => {
    await database.query(on, `SET STATEMENT lock_wait_timeout = ${tryFor} FOR ${sql}`);
  });
}

/**
 * Makes each trigger of `wanted` unless it is there already, word for word, and drops the ones
 * named in `unwanted` that are there. Nothing is dropped to be made again: `CREATE OR REPLACE`
 * swaps a trigger in one step, so no write ever goes uncounted or unlogged in between, and a
 * start-up that changes nothing runs no DDL (which would wait for every open unit, see
 * {@link runDdl}). `beforeChange` runs once before the first change. Answers whether any
 * trigger was made, replaced or dropped.
 */
export async function ensureTriggers(
  database: MysqlDatabase,
  on: Queryable,
  wanted: readonly TriggerSql[],
  unwanted: readonly string[] = [],
  beforeChange: () => Promise<void> = async () => undefined,
): Promise<boolean> {
  const names = [...wanted.map((trigger) => trigger.name), ...unwanted];
  if (names.length === 0) return false;
  const { rows } = await database.query(
    on,
    `SELECT TRIGGER_NAME AS name, ACTION_TIMING AS timing, EVENT_MANIPULATION AS event, EVENT_OBJECT_TABLE AS "table", ACTION_STATEMENT AS statement
    FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME IN (${names.map((_, n) => `?${n + 1}`).join(', ')})`,
    names,
  );
  const existing = new Map((rows as unknown as TriggerSql[]).map((row) => [row.name, row]));
  let changed = false;
  for (const trigger of wanted) {
    const found = existing.get(trigger.name);
    const same =
      found?.timing === trigger.timing &&
      found.event === trigger.event &&
      found.table === trigger.table &&
      found.statement === trigger.statement;
    if (same) continue;
    if (!changed) await beforeChange();
    await runDdl(
      database,
      on,
      `CREATE OR REPLACE TRIGGER ${quoted(trigger.name)} ${trigger.timing} ${trigger.event} ON ${quoted(trigger.table)} FOR EACH ROW ${trigger.statement}`,
    );
    changed = true;
  }
  for (const name of unwanted) {
    if (!existing.has(name)) continue;
    if (!changed) await beforeChange();
    await runDdl(database, on, `DROP TRIGGER IF EXISTS ${quoted(name)}`);
    changed = true;
  }
  return changed;
}
