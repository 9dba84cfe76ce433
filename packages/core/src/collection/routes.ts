import type { HandlerContext, RouteDefinition } from '../api/context.js';
import type { CorralResponse } from '../http/exchange.js';
import { getRecord, listRecords } from './read-handlers.js';
import type { CollectionRuntime } from './runtime.js';
import { createRecord, deleteRecord, patchRecord, replaceRecord } from './write-handlers.js';

type CollectionHandler = (runtime: CollectionRuntime, context: HandlerContext) => Promise<CorralResponse>;

/** Every conventional route of a collection, at the top level and/or under its parent. */
export function collectionRoutes(runtime: CollectionRuntime): RouteDefinition[] {
  const { collection } = runtime;
  const bases: string[] = [];
  if (!collection.parent || collection.parent.topLevel !== false) bases.push(`/${collection.name}`);
  if (collection.parent) bases.push(`/${collection.parent.collection.name}/:parentId/${collection.name}`);
  const route = (method: string, pattern: string, handler: CollectionHandler): RouteDefinition => ({
    method,
    pattern,
    handler: (context) => handler(runtime, context),
  });
  return bases.flatMap((base) => [
    route('GET', base, listRecords),
    route('POST', base, createRecord),
    route('GET', `${base}/:id`, getRecord),
    route('PUT', `${base}/:id`, replaceRecord),
    route('PATCH', `${base}/:id`, patchRecord),
    route('DELETE', `${base}/:id`, deleteRecord),
  ]);
}
