import type { HandlerContext } from '../api/context.js';
import { requireScope } from '../auth/require-scope.js';
import { memberEtag } from '../http/etag.js';
import { emptyResponse, jsonResponse, type CorralResponse } from '../http/exchange.js';
import { expectObject, readJsonBody } from '../http/json-body.js';
import { screenProperties, validateProperties } from '../schema/body-rules.js';
import { mergePatch } from '../schema/merge-patch.js';
import { authorizeRecord } from './authorize.js';
import { checkIfMatch, ifMatchOf, staleError } from './conditions.js';
import { findRecord, lookupError } from './lookup.js';
import { applyPathParent, checkParentExists, clientData, withServerParent } from './parent-rules.js';
import { represent } from './represent.js';
import type { CollectionRuntime } from './runtime.js';

async function readObject(context: HandlerContext): Promise<Record<string, unknown>> {
  return expectObject(await readJsonBody(context.request, context.settings.bodyLimit));
}

function recordResponse(status: number, runtime: CollectionRuntime, context: HandlerContext, record: { id: string; version: number; data: object }, headers: Record<string, string> = {}): CorralResponse {
  return jsonResponse(status, represent(runtime, context.prefix, record), { etag: memberEtag(record.version), ...headers });
}

/** POST on the collection: validates, stores, answers 201 with the record and its Location. */
export async function createRecord(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  requireScope(context.settings.auth, context.principal, collection.scopes.write);
  const body = await readObject(context);
  const parentId = context.params.parentId;
  if (parentId !== undefined && collection.parent) await findRecord(collection.parent.collection, parentId, undefined);
  const { writable, failures } = screenProperties(runtime.body, body, undefined);
  applyPathParent(runtime, writable, parentId, failures);
  const data = validateProperties(runtime.body, writable, failures);
  await checkParentExists(runtime, data);
  const record = await collection.store.create(withServerParent(runtime, data, parentId));
  const response = recordResponse(201, runtime, context, record);
  response.headers.location = represent(runtime, context.prefix, record).links[0]!.href;
  return response;
}

/** PUT on a member: the complete record; read-only properties may be echoed back unchanged. No upsert. */
export async function replaceRecord(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  requireScope(context.settings.auth, context.principal, collection.scopes.write);
  const ifMatch = ifMatchOf(context, collection);
  const body = await readObject(context);
  const id = context.params.id ?? '';
  const current = await findRecord(collection, id, context.params.parentId);
  await authorizeRecord(collection, context, 'replace', current);
  checkIfMatch(ifMatch, memberEtag(current.version));
  const { writable, failures } = screenProperties(runtime.body, body, represent(runtime, context.prefix, current));
  applyPathParent(runtime, writable, context.params.parentId, failures);
  const data = validateProperties(runtime.body, writable, failures);
  await checkParentExists(runtime, data);
  const serverParent = runtime.serverParentField ? (current.data as Record<string, unknown>)[runtime.serverParentField] : undefined;
  // With If-Match the check above and this write must be one step: the store re-checks the version.
  const result = await collection.store.replace(id, withServerParent(runtime, data, serverParent), ifMatch === undefined ? undefined : current.version);
  if (result.status === 'conflict') throw staleError();
  if (result.status !== 'ok') throw lookupError(result.status, collection, id);
  return recordResponse(200, runtime, context, result.record);
}

/** How many times a PATCH without If-Match re-reads and re-applies itself when a concurrent write got in between. */
const patchAttempts = 5;

/** PATCH on a member: a JSON merge patch applied to the current record, then validated as a whole. */
export async function patchRecord(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  requireScope(context.settings.auth, context.principal, collection.scopes.write);
  const ifMatch = ifMatchOf(context, collection);
  const patch = await readObject(context);
  const id = context.params.id ?? '';
  for (let attempt = 1; ; attempt++) {
    const current = await findRecord(collection, id, context.params.parentId);
    await authorizeRecord(collection, context, 'patch', current);
    checkIfMatch(ifMatch, memberEtag(current.version));
    const currentData = current.data as Record<string, unknown>;
    const { writable, failures } = screenProperties(runtime.body, patch, represent(runtime, context.prefix, current));
    const merged = mergePatch(clientData(runtime, currentData), writable) as Record<string, unknown>;
    applyPathParent(runtime, merged, context.params.parentId, failures);
    const data = validateProperties(runtime.body, merged, failures);
    await checkParentExists(runtime, data);
    const next = withServerParent(runtime, data, runtime.serverParentField ? currentData[runtime.serverParentField] : undefined);
    // The patch was computed from this version; writing it over any other would lose an update.
    const result = await collection.store.replace(id, next, current.version);
    if (result.status === 'ok') return recordResponse(200, runtime, context, result.record);
    if (result.status !== 'conflict') throw lookupError(result.status, collection, id);
    if (ifMatch !== undefined || attempt >= patchAttempts) throw staleError();
  }
}

/** DELETE on a member: 204; the id answers 410 from then on. */
export async function deleteRecord(runtime: CollectionRuntime, context: HandlerContext): Promise<CorralResponse> {
  const { collection } = runtime;
  requireScope(context.settings.auth, context.principal, collection.scopes.write);
  const ifMatch = ifMatchOf(context, collection);
  const id = context.params.id ?? '';
  let expectedVersion: number | undefined;
  if (context.params.parentId !== undefined || ifMatch !== undefined || collection.authorize) {
    const current = await findRecord(collection, id, context.params.parentId);
    await authorizeRecord(collection, context, 'delete', current);
    checkIfMatch(ifMatch, memberEtag(current.version));
    if (ifMatch !== undefined) expectedVersion = current.version;
  }
  const result = await collection.store.delete(id, expectedVersion);
  if (result.status === 'conflict') throw staleError();
  if (result.status !== 'ok') throw lookupError(result.status, collection, id);
  return emptyResponse(204);
}
