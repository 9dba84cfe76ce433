import { ApiError } from '@corral/errors';
import type { HandlerContext } from '../vocabulary/context.js';
import { memberEtag, taggedVersion } from '../http/etag.js';
import { emptyResponse, jsonResponse, type CorralResponse } from '../http/exchange.js';
import { expectObject, readJsonBody } from '../http/json-body.js';
import { screenProperties, validateProperties } from '../schema/body-rules.js';
import { mergePatch } from '../schema/merge-patch.js';
import { validatePatched } from '../schema/patch-rules.js';
import type { StoreCallOptions, StoredRecord } from '../store/store.js';
import { authorizeRecord } from './authorize.js';
import { deleteChildren, refuseIfReferenced } from './children.js';
import { inUnitOfWork, locking, lockedUnit, requestOptions, storesBelow, withParentStore } from './unit-of-work.js';
import { checkIfMatch, ifMatchOf, staleError } from './conditions.js';
import { findRecord, lookupError } from './lookup.js';
import { updateFields } from './field-update.js';
import { applyPathParent, checkParentExists, clientData, withServerParent } from './parent-rules.js';
import { represent } from './represent.js';
import type { CollectionRuntime } from './runtime.js';

/**
 * How often a write without If-Match re-reads the record when another write got in between its
 * read and its own write. Each attempt re-checks everything against the record it read.
 */
const attempts = 5;

async function readObject(context: HandlerContext, patch = false): Promise<Record<string, unknown>> {
  return expectObject(await readJsonBody(context.request, context.settings.bodyLimit, { patch }));
}

function recordResponse(
  status: number,
  runtime: CollectionRuntime,
  context: HandlerContext,
  record: StoredRecord<object>,
  created = false,
): CorralResponse {
  const representation = represent(runtime, context.prefix, record);
  const headers: Record<string, string> = { etag: memberEtag(record.version) };
  if (created) headers.location = representation.links[0]!.href;
  return jsonResponse(status, representation, headers);
}

/** POST on the collection: validates, stores, answers 201 with the record and its Location. */
export async function createRecord(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  const body = await readObject(context);
  const parentId = context.params.parentId;
  const create = async (options: StoreCallOptions) => {
    // The parent stays until the unit ends: a delete of it waits, then finds this child.
    if (parentId !== undefined && collection.parent)
      await findRecord(collection.parent.collection, parentId, undefined, locking(options, 'share'));
    const { writable, failures } = screenProperties(runtime.body, body, undefined);
    applyPathParent(runtime, writable, parentId, failures);
    const data = validateProperties(runtime.body, writable, failures);
    // A parent named by the path was found (and locked) above, and the body cannot name another.
    if (parentId === undefined) await checkParentExists(runtime, data, options);
    const next = withServerParent(runtime, data, parentId);
    await authorizeRecord(collection, context, 'create', undefined, next);
    return collection.store.create(next, options);
  };
  // With a parent, its check and the create form one unit: the parent cannot go in between. A
  // store whose foreign key holds the parent does both in its one write.
  const record = !collection.parent
    ? await create(requestOptions(context))
    : byForeignKey(runtime, parentId)
      ? await answeringForParent(runtime, parentId!, () => create(requestOptions(context)))
      : await inUnitOfWork(withParentStore(runtime), create, context, lockedUnit);
  return recordResponse(201, runtime, context, record, true);
}

/**
 * Whether a create under the path's parent may leave the parent's check to the store's foreign
 * key: not where a per-record rule is asked first (it may read the parent, under the unit's lock).
 */
function byForeignKey(runtime: CollectionRuntime, parentId: string | undefined): boolean {
  const { collection } = runtime;
  return parentId !== undefined && collection.store.enforcesParentKeys === true && !collection.authorize;
}

/**
 * Runs a create whose parent the store checks; a refused one (a missing parent, or a body that
 * would have been refused after the parent was found) answers for the parent first, as a create
 * that read the parent first would.
 */
async function answeringForParent<R>(
  runtime: CollectionRuntime,
  parentId: string,
  create: () => Promise<R>,
): Promise<R> {
  try {
    return await create();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      await findRecord(runtime.collection.parent!.collection, parentId, undefined);
    throw error;
  }
}

/**
 * PUT or PATCH on a member. `compute` turns the record read into the data to store; the write is
 * conditional on that record's version, so nothing checked against it can change unseen.
 */
async function writeMember(
  runtime: CollectionRuntime,
  context: HandlerContext,
  action: 'replace' | 'patch',
  compute: (current: StoredRecord<object>) => Record<string, unknown>,
): Promise<CorralResponse> {
  const { collection } = runtime;
  const ifMatch = ifMatchOf(context, collection);
  const id = context.params.id ?? '';
  const write = async (options: StoreCallOptions) => {
    const current = await findRecord(collection, id, context.params.parentId, options);
    checkIfMatch(ifMatch, memberEtag(current.version));
    const next = compute(current);
    await checkParentExists(runtime, next, options);
    await authorizeRecord(collection, context, action, current, next);
    return collection.store.replace(id, next, current.version, options);
  };
  for (let attempt = 1; ; attempt++) {
    // A parent key that changes is checked in the same unit as the write, like a create's.
    const result = collection.parent
      ? await inUnitOfWork(withParentStore(runtime), write, context, lockedUnit)
      : await write(requestOptions(context));
    if (result.status === 'ok') return recordResponse(200, runtime, context, result.record);
    if (result.status !== 'conflict') throw lookupError(result.status, collection, id);
    if (ifMatch !== undefined || attempt >= attempts) throw staleError();
  }
}

/** PUT on a member: the complete record; read-only properties may be echoed back unchanged. No upsert. */
export async function replaceRecord(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const body = await readObject(context);
  return writeMember(runtime, context, 'replace', (current) => {
    const { writable, failures } = screenProperties(runtime.body, body, () =>
      represent(runtime, context.prefix, current),
    );
    applyPathParent(runtime, writable, context.params.parentId, failures);
    const data = validateProperties(runtime.body, writable, failures);
    return withServerParent(runtime, data, serverParentOf(runtime, current));
  });
}

/**
 * PATCH on a member: a JSON merge patch applied to the current record, then validated as a whole;
 * only what the patch sent can be the client's error (a stored value the schema no longer takes is kept).
 */
export async function patchRecord(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const patch = await readObject(context, true);
  const updated = await updateFields(runtime, context, patch, ifMatchOf(context, runtime.collection));
  if (updated) return recordResponse(200, runtime, context, updated);
  return writeMember(runtime, context, 'patch', (current) => {
    const { writable, failures } = screenProperties(runtime.body, patch, () =>
      represent(runtime, context.prefix, current),
    );
    const merged = mergePatch(clientData(runtime, current.data as Record<string, unknown>), writable) as Record<
      string,
      unknown
    >;
    applyPathParent(runtime, merged, context.params.parentId, failures);
    const data = validatePatched(runtime.body, merged, new Set(Object.keys(writable)), failures);
    return withServerParent(runtime, data, serverParentOf(runtime, current));
  });
}

function serverParentOf(runtime: CollectionRuntime, current: StoredRecord<object>): unknown {
  return runtime.serverParentField ? (current.data as Record<string, unknown>)[runtime.serverParentField] : undefined;
}

/** DELETE on a member: 204; the id answers 410 from then on. */
export async function deleteRecord(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  const ifMatch = ifMatchOf(context, collection);
  const id = context.params.id ?? '';
  const mustRead = context.params.parentId !== undefined || ifMatch !== undefined || collection.authorize !== undefined;
  const stores = storesBelow(runtime);
  // Nothing to check first but the version one If-Match tag names: the store's delete decides alone.
  const tagged = ifMatch === undefined ? undefined : taggedVersion(ifMatch);
  const alone =
    runtime.children.length === 0 &&
    context.params.parentId === undefined &&
    collection.authorize === undefined &&
    (ifMatch === undefined || tagged !== undefined);
  for (let attempt = 1; ; attempt++) {
    // The checks, the delete and the cascade form one unit: no child can appear between check and delete.
    const deleted = alone
      ? await collection.store.delete(id, tagged, requestOptions(context))
      : await inUnitOfWork(
          stores,
          async (options) => {
            // Locked first: a child being added waits on its parent's lock, so the check below counts it.
            if (runtime.children.length > 0) await collection.store.get(id, locking(options, 'update'));
            let expectedVersion: number | undefined;
            if (mustRead) {
              const current = await findRecord(collection, id, context.params.parentId, options);
              checkIfMatch(ifMatch, memberEtag(current.version));
              await authorizeRecord(collection, context, 'delete', current);
              expectedVersion = current.version;
            }
            // Preconditions and per-record rules first: a stale If-Match is a 412 even where children exist.
            await refuseIfReferenced(runtime, id, options);
            const result = await collection.store.delete(id, expectedVersion, options);
            if (result.status === 'ok') await deleteChildren(runtime, id, options);
            return result;
          },
          context,
          lockedUnit,
        );
    if (deleted.status === 'ok') {
      // A deleted record is never shown again: its JSON need not wait for the cache to make room.
      runtime.serialized.forget(id);
      return emptyResponse(204);
    }
    if (deleted.status !== 'conflict') throw lookupError(deleted.status, collection, id);
    if (ifMatch !== undefined || attempt >= attempts) throw staleError();
  }
}
