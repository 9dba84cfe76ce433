import {
  type NewWebhookSubscription,
  type WebhookChanges,
  type WebhookPage,
  type WebhookPaging,
  type WebhookSubscription,
  webhookStoreLimits,
} from './webhook-store.js';

/** Ms since the epoch as the records write times. */
export const isoAt = (ms: number) => new Date(ms).toISOString();

/** A new subscription as every store makes it: version 1, active, ready to deliver. */
export function newSubscription(id: string, fields: NewWebhookSubscription, now: number): WebhookSubscription {
  const { filter, ...rest } = fields;
  return {
    id,
    ...rest,
    ...(filter !== undefined ? { filter } : {}),
    status: 'active',
    createdAt: isoAt(now),
    updatedAt: isoAt(now),
    version: 1,
    resends: [],
  };
}

/** The subscription after `changes`, a version on; re-enabling starts a fresh dead-letter run. */
export function changed(subscription: WebhookSubscription, changes: WebhookChanges, now: number): WebhookSubscription {
  const { filter, status, disabledReason, ...fields } = changes;
  const next: Record<string, unknown> = { ...subscription, ...withoutUndefined(fields) };
  if (filter === null) delete next.filter;
  else if (filter !== undefined) next.filter = filter;
  if (status === 'active') {
    next.status = 'active';
    delete next.disabledReason;
    delete next.deadLetteringSince;
  } else if (status === 'disabled') {
    next.status = 'disabled';
    next.disabledReason = disabledReason ?? subscription.disabledReason ?? 'disabled by its owner';
  }
  next.updatedAt = isoAt(now);
  next.version = subscription.version + 1;
  return next as unknown as WebhookSubscription;
}

function withoutUndefined(fields: object): object {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** Paging checked: whole numbers, a limit of at least one. */
export function checkedPaging({ offset, limit }: WebhookPaging): WebhookPaging {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError('paging: offset must be a whole number >= 0');
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError('paging: limit must be a whole number >= 1');
  return { offset, limit };
}

/** A page of a list kept newest last, served newest first. */
export function newestFirst<T>(items: readonly T[], paging: WebhookPaging): WebhookPage<T> {
  const { offset, limit } = checkedPaging(paging);
  const end = items.length - offset;
  return { items: items.slice(Math.max(0, end - limit), Math.max(0, end)).reverse(), total: items.length };
}

/** The earliest of the positions active subscriptions still need. */
export function earliest(
  subscriptions: Iterable<Pick<WebhookSubscription, 'position' | 'failing'>>,
  before: (a: string, b: string) => boolean,
): string | undefined {
  let oldest: string | undefined;
  for (const { position, failing } of subscriptions)
    for (const candidate of failing ? [position, failing.position] : [position])
      if (oldest === undefined || before(candidate, oldest)) oldest = candidate;
  return oldest;
}

/** A count or duration given to a store, checked: a whole number of at least one. */
export function checkedCount(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name} must be a whole number >= 1, got ${value}`);
  return value;
}

/** The limits of a store with the defaults filled in, checked. */
export function checkedLimits(limits: Partial<typeof webhookStoreLimits>): typeof webhookStoreLimits {
  const settled: typeof webhookStoreLimits = { ...webhookStoreLimits, ...limits };
  for (const [name, value] of Object.entries(settled)) checkedCount(name, value);
  return settled;
}

/** The record rules every webhook store shares (a database one in @corral/sql uses them too). */
export const webhookRecords = {
  /** A new subscription as stored: version 1, active, its times set. */
  create: newSubscription,
  /** A subscription with changes applied (a new version when its own fields change). */
  change: changed,
  /** Paging checked: whole numbers, 0 or more. */
  paging: checkedPaging,
  /** A count checked to be a whole number. */
  count: checkedCount,
  /** A store's limits checked, defaults filled in. */
  limits: checkedLimits,
  /** The earliest of positions, by the log's order. */
  earliest,
  isoAt,
};
