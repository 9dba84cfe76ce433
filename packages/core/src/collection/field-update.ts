import { ApiError } from '@corral/errors';
import type { z } from 'zod';
import type { HandlerContext } from '../vocabulary/context.js';
import { taggedVersion } from '../http/etag.js';
import { isPlainObject } from '../schema/merge-patch.js';
import { screenProperties } from '../schema/body-rules.js';
import { unstorableTextFailures } from '../schema/storable-text.js';
import type { StoredRecord, WriteResult } from '../store/store.js';
import { staleError } from './conditions.js';
import { lookupError } from './lookup.js';
import { requestOptions } from './unit-of-work.js';
import type { CollectionRuntime } from './runtime.js';

/** Whether a valid patch of the collection's fields can be checked field by field and written alone. */
function fieldsStandAlone(runtime: CollectionRuntime): boolean {
  const { collection, body } = runtime;
  // A rule over the whole object, or a per-record rule, must see the merged record.
  return collection.store.update !== undefined && collection.authorize === undefined && !body.wholeRecordRules;
}

/**
 * A PATCH that needs nothing of the stored record, written as one conditional update of the sent
 * fields: the write a careful hand-written server makes. Undefined when the patch does not qualify
 * (a nested path, a per-record rule, a check over the whole record, a parent key that changes, a
 * nested object to merge, a null to remove, an echoed read-only property) or when any field is
 * invalid: the full path then answers, in its order (404 and 412 before 422).
 */
export async function updateFields(
  runtime: CollectionRuntime,
  context: HandlerContext,
  patch: Readonly<Record<string, unknown>>,
  ifMatch: string | undefined,
): Promise<StoredRecord<object> | undefined> {
  const { collection } = runtime;
  if (context.params.parentId !== undefined || !fieldsStandAlone(runtime)) return undefined;
  const expectedVersion = ifMatch === undefined ? undefined : taggedVersion(ifMatch);
  if (ifMatch !== undefined && expectedVersion === undefined) return undefined;
  const changes = validFields(runtime, patch);
  if (!changes) return undefined;
  const id = context.params.id ?? '';
  let result: WriteResult<object>;
  try {
    result = await collection.store.update!(id, changes, expectedVersion, requestOptions(context));
  } catch (error) {
    // A value the store refuses (a column too small for it): the full path answers 404 or 412 first.
    if (error instanceof ApiError && error.status === 422) return undefined;
    throw error;
  }
  if (result.status === 'ok') return result.record;
  if (result.status !== 'conflict') throw lookupError(result.status, collection, id);
  if (ifMatch !== undefined) throw staleError();
  return undefined; // changed between statements without a precondition: the full path reads it again
}

/** The patch's fields as the schema parses them, or undefined when one does not qualify or fails. */
function validFields(
  runtime: CollectionRuntime,
  patch: Readonly<Record<string, unknown>>,
): Record<string, unknown> | undefined {
  const { writable, failures } = screenProperties(runtime.body, patch, undefined);
  const keys = Object.keys(writable);
  if (failures.length > 0 || keys.length === 0 || unstorableTextFailures(writable).length > 0) return undefined;
  const shape = runtime.body.schema.shape as Record<string, z.ZodType>;
  const parentField = runtime.collection.parent?.field;
  const changes: Record<string, unknown> = {};
  for (const key of keys) {
    const value = writable[key];
    if (value === null || isPlainObject(value) || key === parentField) return undefined;
    const parsed = shape[key]!.safeParse(value);
    if (!parsed.success) return undefined;
    changes[key] = parsed.data;
  }
  return changes;
}
