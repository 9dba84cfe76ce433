import type { HandlerContext, RouteDefinition } from '../vocabulary/context.js';
import { accessFor } from '../auth/require-scope.js';
import type { CorralResponse } from '../http/exchange.js';
import { deleteAll, replaceAll } from './bulk-handlers.js';
import { optionsHandler } from './options-handler.js';
import { listRecords } from './list-handler.js';
import { getRecord } from './read-handlers.js';
import { collectionRouteAnswers, type CollectionRouteKind } from './route-answers.js';
import { offerRequestUnit } from './request-unit.js';
import type { CollectionRuntime } from './runtime.js';
import { withParentStore } from './unit-of-work.js';
import { feedMediaType, readingFrom, writingTo } from '../feed/feed-routes.js';
import { createRecord, deleteRecord, patchRecord, replaceRecord } from './write-handlers.js';

type CollectionHandler = (runtime: CollectionRuntime, context: HandlerContext) => Promise<CorralResponse>;
/** A method of a collection path: what it does, its handler, and whether it reads or writes. */
type MethodEntry = readonly [kind: CollectionRouteKind, handler: CollectionHandler, right: 'read' | 'write'];
type MethodTable = Readonly<Record<string, MethodEntry>>;

const topLevelList: MethodTable = {
  GET: ['list', listRecords, 'read'],
  POST: ['create', createRecord, 'write'],
  PUT: ['replaceAll', replaceAll, 'write'],
  DELETE: ['deleteAll', deleteAll, 'write'],
};
const nestedList: MethodTable = { GET: ['list', listRecords, 'read'], POST: ['create', createRecord, 'write'] };
const member: MethodTable = {
  GET: ['read', getRecord, 'read'],
  PUT: ['replace', replaceRecord, 'write'],
  PATCH: ['patch', patchRecord, 'write'],
  DELETE: ['delete', deleteRecord, 'write'],
};

/** Routes for one path: its methods, plus OPTIONS describing them (which needs the right to read). */
function pathRoutes(
  runtime: CollectionRuntime,
  pattern: string,
  table: MethodTable,
  nested: boolean,
): RouteDefinition[] {
  const { collection } = runtime;
  const allow = [...Object.keys(table), 'HEAD', 'OPTIONS'];
  // A database with a change log makes every list and record a feed, and every answer names a position.
  const log = collection.store.database?.changes;
  const entry = { pattern, collection: collection.name, ...(nested ? { nested } : {}) };
  return [
    ...Object.entries(table).map(([method, [kind, handler, right]]): RouteDefinition => {
      const reads = handler === listRecords || handler === getRecord;
      const served = !log ? handler : reads ? readingFrom(log, handler) : writingTo(log, handler);
      const route: RouteDefinition = {
        ...entry,
        method,
        kind,
        access: accessFor(collection.scopes[right]),
        answers: collectionRouteAnswers(collection, kind, pattern),
        handler: (context: HandlerContext) => served(runtime, context),
        checksQuery: reads,
        ...(log && reads ? { alsoProduces: feedMediaType } : {}),
      };
      // A create writes its own store and reads its parent's: one database can hold it all in one unit.
      if (kind === 'create') offerRequestUnit(route, withParentStore(runtime));
      return route;
    }),
    {
      ...entry,
      method: 'OPTIONS',
      kind: 'options',
      access: accessFor(collection.scopes.read),
      answers: collectionRouteAnswers(collection, 'options', pattern),
      handler: optionsHandler(runtime, allow),
    },
  ];
}

/** Every conventional route of a collection, at the top level and/or under its parent. */
export function collectionRoutes(runtime: CollectionRuntime): RouteDefinition[] {
  const { collection } = runtime;
  const routes: RouteDefinition[] = [];
  if (collection.parent?.topLevel !== false) {
    routes.push(
      ...pathRoutes(runtime, `/${collection.name}`, topLevelList, false),
      ...pathRoutes(runtime, `/${collection.name}/:id`, member, false),
    );
  }
  if (collection.parent) {
    const base = `/${collection.parent.collection.name}/:parentId/${collection.name}`;
    routes.push(...pathRoutes(runtime, base, nestedList, true), ...pathRoutes(runtime, `${base}/:id`, member, true));
  }
  return routes;
}
