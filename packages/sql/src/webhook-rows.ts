import { type WebhookSubscription, webhookRecords } from '@corral/core';

const { isoAt } = webhookRecords;

/** A row of `corral_webhooks`, as the driver gives it. */
export type WebhookRow = Readonly<Record<string, unknown>>;

/** The fields kept as JSON in `body`: everything but the delivery state, which has columns. */
const deliveryFields = ['position', 'failing', 'deadLetteringSince', 'resends'] as const;

/** A whole number of ms from a bigint column (text in node-postgres). */
export const wholeMs = (value: unknown) => Number(value);

/** The subscription's fields kept in `body`. */
export function bodyOf(subscription: WebhookSubscription): string {
  const fields: Record<string, unknown> = { ...subscription };
  for (const name of deliveryFields) delete fields[name];
  return JSON.stringify(fields);
}

/** The subscription a row holds. */
export function subscriptionOf(row: WebhookRow): WebhookSubscription {
  return {
    ...(JSON.parse(String(row.body)) as Omit<WebhookSubscription, (typeof deliveryFields)[number]>),
    position: String(row.log_position),
    ...(row.failing !== null ? { failing: JSON.parse(String(row.failing)) } : {}),
    ...(row.dead_since !== null ? { deadLetteringSince: isoAt(wholeMs(row.dead_since)) } : {}),
    resends: JSON.parse(String(row.resends)) as string[],
  };
}
