import type { FieldError } from '@corral/errors';
import { validationError } from '../schema/body-rules.js';
import type { StoreCallOptions } from '../store/store.js';
import type { CollectionRuntime } from './runtime.js';
import { locking } from './unit-of-work.js';

/**
 * When a write comes through `/<parent>/<parentId>/<name>`, the parent key comes from the path:
 * a body may repeat it but not contradict it.
 */
export function applyPathParent(
  runtime: CollectionRuntime,
  writable: Record<string, unknown>,
  parentId: string | undefined,
  failures: FieldError[],
): void {
  const parent = runtime.collection.parent;
  if (!parent || parentId === undefined || runtime.serverParentField) return;
  const fromPath = runtime.parentFilter?.parse(parent.field, parentId) ?? parentId;
  if (!(parent.field in writable)) writable[parent.field] = fromPath;
  else if (String(writable[parent.field]) !== parentId) {
    failures.push({
      field: parent.field,
      message: `must be ${JSON.stringify(parentId)}, the ${parent.collection.title} of the path`,
    });
  }
}

/** A parent key written in the body must name an existing parent record (422 otherwise). */
export async function checkParentExists(
  runtime: CollectionRuntime,
  data: Readonly<Record<string, unknown>>,
  options?: StoreCallOptions,
): Promise<void> {
  const parent = runtime.collection.parent;
  if (!parent || runtime.serverParentField) return;
  const key = data[parent.field];
  if (key === undefined || key === null) return;
  // Inside a unit, the parent stays until it ends, so the write this check allows cannot orphan it.
  const found = await parent.collection.store.get(String(key), locking(options, 'share'));
  if (found.status !== 'found') {
    throw validationError([
      {
        field: parent.field,
        message: `must name an existing record of ${parent.collection.name}; there is none with id ${JSON.stringify(String(key))}`,
      },
    ]);
  }
}

/** The stored data of a record without the server-set parent key, i.e. what a client may write. */
export function clientData(
  runtime: CollectionRuntime,
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const copy = { ...data };
  if (runtime.serverParentField) delete copy[runtime.serverParentField];
  return copy;
}

/** Re-adds the server-set parent key to validated data. */
export function withServerParent(
  runtime: CollectionRuntime,
  data: Record<string, unknown>,
  parentValue: unknown,
): Record<string, unknown> {
  return runtime.serverParentField ? { ...data, [runtime.serverParentField]: parentValue } : data;
}
