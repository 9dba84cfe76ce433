import type { HandlerContext, RouteDefinition } from '../api/context.js';
import type { CorralResponse } from '../http/exchange.js';
import { deleteAll, replaceAll } from './bulk-handlers.js';
import { optionsHandler } from './options-handler.js';
import { getRecord, listRecords } from './read-handlers.js';
import type { CollectionRuntime } from './runtime.js';
import { createRecord, deleteRecord, patchRecord, replaceRecord } from './write-handlers.js';

type CollectionHandler = (runtime: CollectionRuntime, context: HandlerContext) => Promise<CorralResponse>;
type MethodTable = Readonly<Record<string, CollectionHandler>>;

const topLevelList: MethodTable = { GET: listRecords, POST: createRecord, PUT: replaceAll, DELETE: deleteAll };
const nestedList: MethodTable = { GET: listRecords, POST: createRecord };
const member: MethodTable = { GET: getRecord, PUT: replaceRecord, PATCH: patchRecord, DELETE: deleteRecord };

/** Routes for one path: its methods, plus OPTIONS describing them. */
function pathRoutes(runtime: CollectionRuntime, pattern: string, table: MethodTable): RouteDefinition[] {
  const methods = Object.keys(table);
  const allow = [...methods, 'HEAD', 'OPTIONS'];
  return [
    ...Object.entries(table).map(([method, handler]) => ({
      method,
      pattern,
      handler: (context: HandlerContext) => handler(runtime, context),
      checksQuery: handler === listRecords,
    })),
    { method: 'OPTIONS', pattern, handler: optionsHandler(runtime, allow) },
  ];
}

/** Every conventional route of a collection, at the top level and/or under its parent. */
export function collectionRoutes(runtime: CollectionRuntime): RouteDefinition[] {
  const { collection } = runtime;
  const routes: RouteDefinition[] = [];
  if (!collection.parent || collection.parent.topLevel !== false) {
    routes.push(...pathRoutes(runtime, `/${collection.name}`, topLevelList), ...pathRoutes(runtime, `/${collection.name}/:id`, member));
  }
  if (collection.parent) {
    const base = `/${collection.parent.collection.name}/:parentId/${collection.name}`;
    routes.push(...pathRoutes(runtime, base, nestedList), ...pathRoutes(runtime, `${base}/:id`, member));
  }
  return routes;
}
