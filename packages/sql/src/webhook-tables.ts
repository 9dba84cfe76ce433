import {
  type WebhookAttempt,
  type WebhookLease,
  type WebhookPage,
  type WebhookStoreLimits,
  webhookRecords,
} from '@corral/core';
import { keptTable, type KeptOn } from './kept-tables.js';
import { webhookStatements } from './webhook-statements.js';
import type { WebhookRow } from './webhook-rows.js';

/** How the webhook store's parts reach the tables: statements, units, and the steps they share. */
export type WebhookTables<C> = ReturnType<typeof webhookTables<C>>;

/** The shared means of {@link sqlWebhooks}: made once per store. */
export function webhookTables<C>(kept: KeptOn<C>, limits: Partial<WebhookStoreLimits>) {
  const { driver, dialect } = kept;
  const { keepAttempts, keepDeadLetters } = webhookRecords.limits(limits);
  const sql = webhookStatements(dialect);
  const ready = keptTable(kept, dialect.kept.webhooksTable());
  const ms = (value: number) => Math.floor(value);
  const write = async <R>(atomic: boolean, body: (on: C) => Promise<R>) => {
    await ready();
    return driver.write(undefined, atomic, body);
  };
  const rows = async (text: string, values: readonly unknown[]) => {
    await ready();
    return (await driver.rows(driver.readsOn(undefined), text, values)) as WebhookRow[];
  };
  /** Logs one attempt or several in order, then drops the oldest past the number kept. */
  const logOn = async (on: C, id: string, attempt: WebhookAttempt | readonly WebhookAttempt[] | undefined) => {
    const logged: readonly WebhookAttempt[] =
      attempt === undefined ? [] : Array.isArray(attempt) ? attempt : [attempt as WebhookAttempt];
    if (logged.length === 0) return;
    for (const one of logged) await driver.run(on, sql.attempt, [id, JSON.stringify(one)]);
    await driver.run(on, sql.boundAttempts, [id, keepAttempts]);
  };
  const leaseOf = (lease: WebhookLease, now: number) => [lease.id, lease.holder, lease.claim, ms(now)];
  /** One statement of a held step, and its attempt when it still held. */
  const step = (
    lease: WebhookLease,
    now: number,
    text: string,
    values: unknown[],
    attempt?: WebhookAttempt | readonly WebhookAttempt[],
  ) =>
    write(true, async (on) => {
      if ((await driver.run(on, text, [...leaseOf(lease, now), ...values])) !== 1) return false;
      await logOn(on, lease.id, attempt);
      return true;
    });
  /** The row of `id` locked for a change, when it is `owner`'s (any owner's without one). */
  const lockedRow = async (on: C, id: string, owner?: string) => {
    const [row] = (await driver.rows(on, sql.locked, [id])) as WebhookRow[];
    return row && (owner === undefined || row.owner === owner) ? row : undefined;
  };
  const page = async <T>(list: string, count: string, id: string, paging: { offset: number; limit: number }) => {
    const { offset, limit } = webhookRecords.paging(paging);
    const items = (await rows(list, [id, limit, offset])).map((row) => JSON.parse(String(row.body)) as T);
    const [total] = await rows(count, [id]);
    return { items, total: Number(total!.n) } satisfies WebhookPage<T>;
  };
  return { driver, dialect, sql, keepDeadLetters, ms, write, rows, logOn, leaseOf, step, lockedRow, page };
}
