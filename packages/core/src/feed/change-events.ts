import { restrictList } from '../collection/authorize.js';
import { parseListQuery } from '../collection/list-request.js';
import type { CollectionRuntime } from '../collection/runtime.js';
import type { Principal } from '../auth/principal.js';
import type { ChangeLog, LoggedChange } from '../store/change-log.js';
import { listMatcher } from '../store/match.js';
import type { StoreDatabase } from '../store/store.js';
import type { HandlerContext } from '../vocabulary/context.js';
import { listView } from './feed-view.js';

/** A collection whose changes can be followed: its name, the scope a GET needs, and its database's log. */
export interface EventCollection {
  /** Its name, as declared. */
  readonly name: string;
  /** The scope a list GET needs; undefined when reading is open to any caller. */
  readonly readScope: string | undefined;
  /** The collection's declared list filters (query parameter names), e.g. `animal_type_id`. */
  readonly filters: readonly string[];
  /** The database its store belongs to. */
  readonly database: StoreDatabase;
  /** Its database's change log. */
  readonly log: ChangeLog;
}

/** Builds, for one caller and one list, the feed event of each change (its `data:` JSON). */
export type EventViewer = (change: LoggedChange) => Promise<string | undefined>;

/**
 * What a plugin that sends changes elsewhere (webhooks) needs of an API version: its followable
 * collections, and the feed's events as a caller would see them on a list GET, under the same
 * scopes, list restriction and record rule.
 */
export interface ChangeEvents {
  /** The version's collections whose database keeps a change log. */
  readonly collections: readonly EventCollection[];
  /**
   * The viewer of a collection's list (with `filter` as the list's query parameters) for the
   * caller; undefined when the caller may not read the collection. A bad filter throws the 400
   * the list GET would answer, naming the parameter.
   */
  viewer(
    collection: string,
    principal: Principal | undefined,
    filter?: Readonly<Record<string, unknown>>,
  ): EventViewer | undefined;
}

/** The filter as a list's query string: arrays give repeated parameters. */
function queryOf(filter: Readonly<Record<string, unknown>> | undefined): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter ?? {}))
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  return query;
}

/** A context of a list GET made by `principal` without a request on the wire. */
function listContext(prefix: string, name: string, principal: Principal | undefined, query: URLSearchParams) {
  const path = `${prefix}/${name}`;
  const request = {
    method: 'GET',
    path,
    rawQuery: query.toString(),
    query,
    header: () => undefined,
    hasBody: false,
    readBody: async () => new Uint8Array(),
  };
  const route = { method: 'GET', pattern: `/${name}`, access: 'public', kind: 'list', collection: name } as const;
  const fields = { request, requestId: 'change-events', prefix, route, principal, state: {}, params: {} };
  return { ...fields, signal: undefined, fromJob: true, remoteAddress: undefined } as unknown as HandlerContext;
}

/** The change events of one version's collections, links under `prefix`; `secured`: scopes are checked. */
export function changeEvents(runtimes: readonly CollectionRuntime[], prefix: string, secured: boolean): ChangeEvents {
  const followed = runtimes.filter((runtime) => runtime.collection.store.database?.changes);
  const byName = new Map(followed.map((runtime) => [runtime.collection.name, runtime]));
  return {
    collections: followed.map(({ collection }) => ({
      name: collection.name,
      readScope: collection.scopes.read,
      filters: Object.keys(collection.filters ?? {}),
      database: collection.store.database!,
      log: collection.store.database!.changes!,
    })),
    viewer(name, principal, filter) {
      const runtime = byName.get(name);
      if (!runtime) return undefined;
      const scope = runtime.collection.scopes.read;
      if (secured && (!principal || (scope !== undefined && !principal.scopes.has(scope)))) return undefined;
      const query = queryOf(filter);
      const context = listContext(prefix, name, principal, query);
      const list = parseListQuery(runtime, query, context.request.path, 0);
      const restriction = runtime.collection.listFilter?.(principal, context);
      const restricted = restrictList(runtime.collection, context, list.query.filter ?? {}, restriction);
      const { conditions, search } = list.query;
      const inList = restricted ? listMatcher({ filter: restricted, conditions, search }) : undefined;
      const shape = { fields: undefined, expand: undefined, query };
      const view = listView(runtime, context, shape, inList, restriction);
      return async (change) => {
        if (change.collection !== name || !view.concerns(change)) return undefined;
        const event = await view.eventFor(change);
        return event && /^data: (.*)$/m.exec(event.text)?.[1];
      };
    },
  };
}
