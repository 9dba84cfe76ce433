import { ApiError, isApiError, type FieldError } from '@corral/errors';
import type { HandlerContext } from '../vocabulary/context.js';
import { revisionOfListEtag } from '../http/etag.js';
import { emptyResponse, jsonResponse, type CorralResponse } from '../http/exchange.js';
import { readJsonBody } from '../http/json-body.js';
import { acceptAsJob } from '../jobs/accept-job.js';
import { prefersRespondAsync } from '../jobs/prefer.js';
import { maxFieldErrors, screenProperties, validateProperties, validationError } from '../schema/body-rules.js';
import type { StoreCallOptions, StoredRecord } from '../store/store.js';
import { authorizeRecord, restrictList } from './authorize.js';
import { deleteChildren, lockedIds, refuseIfReferenced } from './children.js';
import { inUnitOfWork, locking, lockedUnit, requestOptions, storesBelow, withParentStore } from './unit-of-work.js';
import { ifMatchOf, staleError } from './conditions.js';
import { foundOrThrow, lookupError } from './lookup.js';
import { checkParentExists } from './parent-rules.js';
import { represent } from './represent.js';
import type { CollectionRuntime } from './runtime.js';

/**
 * The revision a bulk write is conditional on. A bulk If-Match carries the ETag of a list page,
 * which names the collection revision it was read at; any other tag can never match.
 */
function expectedRevision(runtime: CollectionRuntime, context: HandlerContext): number | undefined {
  const header = ifMatchOf(context, runtime.collection);
  if (header === undefined || header.trim() === '*') return undefined;
  const revisions = (header.match(/"[^"]*"/g) ?? []).map(revisionOfListEtag);
  const revision = revisions.find((r) => r !== undefined);
  if (revision === undefined) throw staleError();
  return revision;
}

/** Refuses (412) when the list changed since the page whose ETag the If-Match carries was read. */
async function checkRevision(
  runtime: CollectionRuntime,
  revision: number | undefined,
  options: StoreCallOptions,
): Promise<void> {
  if (revision !== undefined && revision !== (await runtime.collection.store.revision(options))) throw staleError();
}

/**
 * Runs the work now, or with `Prefer: respond-async` runs only its checks now (the precondition,
 * the body, every record) and then stores the request as a job. A request that cannot succeed
 * answers its 4xx at once and leaves no job behind; the job runs everything again, checks
 * included, so a list changed in between is still not written over.
 */
async function maybeAsync(
  context: HandlerContext,
  scope: string | undefined,
  steps: { readonly check: () => Promise<unknown>; readonly work: () => Promise<CorralResponse> },
  body?: unknown,
): Promise<CorralResponse> {
  if (!prefersRespondAsync(context.request.header('prefer'))) return steps.work();
  await steps.check();
  return acceptAsJob(context, scope, body);
}

/** PUT on the collection: an array of complete records with ids, all replaced or none. */
export async function replaceAll(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  const revision = expectedRevision(runtime, context);
  const body = await readJsonBody(context.request, context.settings.bodyLimit);
  if (!Array.isArray(body))
    throw new ApiError(
      'invalidBody',
      `The body must be a JSON array of complete ${collection.name} records, each with its id`,
    );
  if (body.length > context.settings.bulkLimit) {
    throw new ApiError(
      'payloadTooLarge',
      `A bulk PUT takes at most ${context.settings.bulkLimit} records; this one has ${body.length}. Send them in several requests`,
    );
  }
  // The precondition first (a stale If-Match is a 412 whatever the body holds), then every record.
  const checked = async (options: StoreCallOptions) => {
    await checkRevision(runtime, revision, options);
    return validateEntries(runtime, context, body, options);
  };
  const check = () => inUnitOfWork(withParentStore(runtime), checked, context, lockedUnit);
  const work = async () => {
    // Checks (parent keys, per-record rules) and the write form one unit of work.
    const result = await inUnitOfWork(
      withParentStore(runtime),
      async (options) => collection.store.replaceMany(await checked(options), revision, options),
      context,
      // The store locks the rows and the revision before it compares: nothing is left to serialize.
      lockedUnit,
    );
    if (result.status === 'stale' || result.status === 'conflict') throw staleError();
    if (result.status !== 'ok') throw lookupError(result.status, collection, result.id);
    const records = result.records.map((record) => represent(runtime, context.prefix, record));
    return jsonResponse(200, { updated: records.length, [collection.name]: records });
  };
  return maybeAsync(context, collection.scopes.write, { check, work }, body);
}

async function validateEntries(
  runtime: CollectionRuntime,
  context: HandlerContext,
  body: unknown[],
  options: StoreCallOptions,
) {
  const failures: FieldError[] = [];
  const entries: { id: string; data: Record<string, unknown>; expectedVersion: number }[] = [];
  const seen = new Set<string>();
  for (const [index, item] of body.entries()) {
    // Enough to act on: checking the rest of a huge bad body would only hold up other clients.
    if (failures.length >= maxFieldErrors) throw validationError(failures, false);
    const at = (field: string) => `[${index}]${field ? `.${field}` : ''}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      failures.push({ field: at(''), message: 'must be a record object' });
      continue;
    }
    const id = (item as Record<string, unknown>).id;
    if (typeof id !== 'string' || id === '') {
      failures.push({ field: at('id'), message: 'Each record needs the id of the record it replaces' });
      continue;
    }
    if (seen.has(id)) failures.push({ field: at('id'), message: `id ${JSON.stringify(id)} appears more than once` });
    seen.add(id);
    const current = foundOrThrow(await runtime.collection.store.get(id, options), runtime.collection, id);
    const screened = screenProperties(runtime.body, item as Record<string, unknown>, () =>
      represent(runtime, context.prefix, current),
    );
    try {
      const data = validateProperties(runtime.body, screened.writable, screened.failures);
      await checkParentExists(runtime, data, options);
      await authorizeRecord(runtime.collection, context, 'replace', current, data);
      // Written only if the record is still the one checked here.
      entries.push({ id, data, expectedVersion: current.version });
    } catch (error) {
      if (!isApiError(error) || error.status !== 422) throw error;
      failures.push(...error.fieldErrors.map((f) => ({ field: at(f.field), message: f.message })));
    }
  }
  if (failures.length > 0) throw validationError(failures);
  return entries;
}

/** DELETE on the collection: every record goes (204); their ids answer 410 from then on. */
export async function deleteAll(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  const revision = expectedRevision(runtime, context);
  // Accepting a job checks the precondition only: the rules below read every record, which is the job's work.
  const check = () => checkRevision(runtime, revision, requestOptions(context));
  const work = () =>
    inUnitOfWork(
      storesBelow(runtime),
      async (options) => {
        // Preconditions first: a stale If-Match is a 412 even where children exist, as for one record.
        await checkRevision(runtime, revision, options);
        if (collection.authorize || collection.listFilter) return deleteVisible(runtime, context, revision, options);
        // Locked before the children are checked: a child being added to one of them waits for this unit.
        const checked = runtime.children.length > 0 ? (await lockedIds(runtime, {}, options)).length : 0;
        await refuseIfReferenced(runtime, undefined, options);
        const result = await collection.store.deleteAll(revision, options);
        if (result.status === 'stale') throw staleError();
        // Records created after the lock went too, and children may have come to them before the delete: check again.
        if (result.count > checked && runtime.children.length > 0)
          await refuseIfReferenced(runtime, undefined, options);
        await deleteChildren(runtime, undefined, options);
        // Every record went: none of the cached JSON is shown again (a unit undone only costs a miss).
        runtime.serialized.clear();
        return emptyResponse(204);
      },
      context,
      // Every check runs on rows locked first (a serializable snapshot would count children from before the lock),
      // and the store locks before it compares the revision.
      lockedUnit,
    );
  return maybeAsync(context, collection.scopes.write, { check, work });
}

/**
 * Bulk delete for a collection with per-record rules: only the records this caller can see go,
 * and only if the rule lets it delete every one of them (otherwise 403 and nothing is deleted).
 */
async function deleteVisible(
  runtime: CollectionRuntime,
  context: HandlerContext,
  revision: number | undefined,
  options: StoreCallOptions,
): Promise<CorralResponse> {
  const { collection } = runtime;
  await checkRevision(runtime, revision, options);
  const filter = restrictList(collection, context, {});
  if (filter === null) return emptyResponse(204);
  const visible: StoredRecord<object>[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await collection.store.list({ filter, offset, limit: 1000 }, options);
    visible.push(...page.items);
    if (page.items.length < 1000) break;
  }
  // Locked before their children are checked, as in a delete of one record.
  if (runtime.children.length > 0)
    await collection.store.getMany(
      visible.map((record) => record.id),
      locking(options, 'update'),
    );
  for (const record of visible) {
    await authorizeRecord(collection, context, 'delete', record);
    await refuseIfReferenced(runtime, record.id, options);
  }
  for (const record of visible) {
    await collection.store.delete(record.id, undefined, options);
    await deleteChildren(runtime, record.id, options);
    runtime.serialized.forget(record.id);
  }
  return emptyResponse(204);
}
