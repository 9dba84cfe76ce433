import { ApiError, errorCodes, findErrorCode } from '@corral/errors';
import { rootDocument } from '@corral/links';
import type { PagingOptions } from '@corral/pagination';
import type { AnyCollection } from '../collection/define-collection.js';
import { collectionRoutes } from '../collection/routes.js';
import { collectionRuntime, type CollectionRuntime } from '../collection/runtime.js';
import { jsonResponse } from '../http/exchange.js';
import type { AnyOperation } from '../operation/define-operation.js';
import { operationRoute } from '../operation/operation-route.js';
import type { RouteDefinition } from './context.js';
import { jobRoute } from './job-route.js';

/** One major version of an API: its collections and operations. */
export interface VersionDefinition {
  /** Major version number, served under `/v<version>`. */
  readonly version: number;
  /** Resource collections of this version; names must be unique within it. */
  readonly collections?: readonly AnyCollection[];
  /** Non-resource operations of this version, sharing the collections' name space. */
  readonly operations?: readonly AnyOperation[];
}

/** The public pages every version serves: its root document and one page per error code. */
function publicRoutes(definition: VersionDefinition, title: string, origin: string | undefined): RouteDefinition[] {
  const entries = [
    ...(definition.collections ?? []).filter((c) => !c.parent || c.parent.topLevel !== false).map((c) => ({ name: c.name, title: c.title, kind: 'collection' as const })),
    ...(definition.operations ?? []).map((o) => ({ name: o.name, title: o.title, kind: 'operation' as const })),
  ];
  // The prefix of a version never changes, so each document is built once, on first use.
  let root: object | undefined;
  const catalogue = { errorCodes: Object.entries(errorCodes).map(([name, entry]) => ({ name, ...entry })) };
  return [
    {
      method: 'GET', pattern: '/', public: true,
      handler: async ({ prefix }) => jsonResponse(200, (root ??= rootDocument({ prefix, title, entries, ...(origin ? { origin } : {}) }))),
    },
    {
      method: 'GET', pattern: '/errors', public: true,
      handler: async () => jsonResponse(200, catalogue),
    },
    {
      method: 'GET', pattern: '/errors/:code', public: true,
      handler: async ({ params }) => {
        const entry = /^[0-9]{1,6}$/.test(params.code ?? '') ? findErrorCode(Number(params.code)) : undefined;
        if (!entry) throw new ApiError('routeNotFound', `No error code ${JSON.stringify(params.code ?? '')}; GET the errors list for all codes`);
        const name = Object.entries(errorCodes).find(([, e]) => e.code === entry.code)?.[0];
        return jsonResponse(200, { errorCode: entry.code, name, status: entry.status, title: entry.title, description: entry.description });
      },
    },
  ];
}

/** Prepares every collection and tells each parent which collections are nested below it. */
function linkedRuntimes(collections: readonly AnyCollection[], paging: PagingOptions): CollectionRuntime[] {
  const runtimes = new Map(collections.map((c) => [c, collectionRuntime(c, paging)] as const));
  for (const runtime of runtimes.values()) {
    const parent = runtime.collection.parent;
    if (!parent) continue;
    const parentRuntime = runtimes.get(parent.collection);
    if (!parentRuntime) throw new Error(`Collection "${runtime.collection.name}" is nested below "${parent.collection.name}", which is not part of this API version`);
    parentRuntime.children.push(runtime);
  }
  return [...runtimes.values()];
}

/** Every route of one version, relative to its prefix. Collections are prepared (indexes, rules) here, once. */
export function versionRoutes(definition: VersionDefinition, title: string, origin: string | undefined, paging: PagingOptions): RouteDefinition[] {
  const names = new Set<string>();
  for (const name of [...(definition.collections ?? []).map((c) => c.name), ...(definition.operations ?? []).map((o) => o.name)]) {
    if (names.has(name) || name === 'errors' || name === 'jobs') throw new Error(`"${name}" is used twice (or reserved) in version ${definition.version}`);
    names.add(name);
  }
  return [
    ...publicRoutes(definition, title, origin),
    jobRoute,
    ...linkedRuntimes(definition.collections ?? [], paging).flatMap(collectionRoutes),
    ...(definition.operations ?? []).map(operationRoute),
  ];
}
