import { ApiError } from '@corral/errors';
import type { HandlerContext } from '../vocabulary/context.js';
import type { StoredRecord } from '../store/store.js';
import type { AnyCollection, RecordCheck } from './define-collection.js';

/** Runs the collection's object-level rule for one record (and the data a write would store); a refusal is a 403. */
export async function authorizeRecord(
  collection: AnyCollection,
  context: HandlerContext,
  action: RecordCheck<never>['action'],
  record: StoredRecord<object> | undefined,
  next?: Readonly<Record<string, unknown>>,
): Promise<void> {
  if (!collection.authorize) return;
  const allowed = await collection.authorize({
    principal: context.principal,
    action,
    record: record && { ...record.data, id: record.id },
    next,
    state: context.state,
  });
  if (!allowed) {
    const target = record
      ? `the record with id ${JSON.stringify(record.id)} in ${collection.name}`
      : `this record in ${collection.name}`;
    throw new ApiError('accessDenied', `You may not ${action} ${target}`);
  }
}

/**
 * Adds the caller's list restriction to a filter. `null` when the two contradict (the query asks
 * for a value the restriction excludes): no record can match, and no store needs asking.
 */
export function restrictList(
  collection: AnyCollection,
  context: HandlerContext,
  filter: Readonly<Record<string, unknown>>,
  restriction = collection.listFilter?.(context.principal, context),
): Record<string, unknown> | null {
  if (!restriction) return { ...filter };
  const merged: Record<string, unknown> = { ...filter };
  for (const [field, value] of Object.entries(restriction)) {
    if (field in filter && filter[field] !== value) return null;
    merged[field] = value;
  }
  return merged;
}
