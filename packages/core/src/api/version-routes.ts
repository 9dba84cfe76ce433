import { ApiError, CorralError, errorRegistry, type ErrorRegistry } from '@corral/errors';
import { rootDocument } from '@corral/links';
import type { PagingOptions } from '@corral/pagination';
import type { AnyCollection } from '../collection/define-collection.js';
import { collectionRoutes } from '../collection/routes.js';
import { linkRelations } from '../collection/relations.js';
import { collectionRuntime, type CollectionRuntime } from '../collection/runtime.js';
import { jsonResponse } from '../http/exchange.js';
import type { AnyOperation } from '../operation/define-operation.js';
import { operationRoute } from '../operation/operation-route.js';
import type { AnswerBody, RouteAnswers } from '../vocabulary/answers.js';
import type { RouteDefinition } from '../vocabulary/context.js';
import { jobsSegment } from '../jobs/job-path.js';
import { errorsSegment } from './error-pages.js';
import { jobRoute } from '../jobs/job-route.js';

/** One major version of an API: its collections and operations. */
export interface VersionDefinition {
  /** Major version number, served under `/v<version>`. */
  readonly version: number;
  /** Resource collections of this version; names must be unique within it. */
  readonly collections?: readonly AnyCollection[];
  /** Non-resource operations of this version, sharing the collections' name space. */
  readonly operations?: readonly AnyOperation[];
}

/** The answers of a page of Corral's own: the page, or one of `errors`. */
const page = (description: string, body: AnswerBody, errors: readonly number[] = []): RouteAnswers => ({
  success: { 200: { description, body } },
  errors,
});

/** The public pages every version serves: its root document and one page per error code (the application's too). */
function publicRoutes(
  definition: VersionDefinition,
  title: string,
  origin: string | undefined,
  codes: ErrorRegistry,
): RouteDefinition[] {
  const entries = [
    ...(definition.collections ?? [])
      .filter((c) => c.parent?.topLevel !== false)
      .map((c) => ({ name: c.name, title: c.title, kind: 'collection' as const })),
    ...(definition.operations ?? []).map((o) => ({ name: o.name, title: o.title, kind: 'operation' as const })),
  ];
  // The prefix of a version never changes, so each document is built once, on first use.
  let root: object | undefined;
  const catalogue = { errorCodes: codes.entries };
  return [
    {
      method: 'GET',
      pattern: '/',
      access: 'public',
      kind: 'root',
      answers: page('Links to every collection and operation', 'rootDocument'),
      handler: async ({ prefix }) =>
        jsonResponse(200, (root ??= rootDocument({ prefix, title, entries, ...(origin ? { origin } : {}) }))),
    },
    {
      method: 'GET',
      pattern: `/${errorsSegment}`,
      access: 'public',
      kind: 'errorCatalogue',
      answers: page('Every error code', 'errorCodeList'),
      handler: async () => jsonResponse(200, catalogue),
    },
    {
      method: 'GET',
      pattern: `/${errorsSegment}/:code`,
      access: 'public',
      kind: 'errorCode',
      answers: page('What an error code means', 'errorCode', [404]),
      handler: async ({ params }) => {
        const entry = /^[0-9]{1,6}$/.test(params.code ?? '') ? codes.find(Number(params.code)) : undefined;
        if (!entry)
          throw new ApiError(
            'routeNotFound',
            `No error code ${JSON.stringify(params.code ?? '')}; GET the errors list for all codes`,
          );
        return jsonResponse(200, {
          errorCode: entry.code,
          name: entry.name,
          status: entry.status,
          title: entry.title,
          description: entry.description,
        });
      },
    },
  ];
}

/** Prepares every collection, tells each parent which collections are nested below it, and links the relations. */
export function linkedRuntimes(collections: readonly AnyCollection[], paging: PagingOptions): CollectionRuntime[] {
  const runtimes = new Map(collections.map((c) => [c, collectionRuntime(c, paging)] as const));
  for (const runtime of runtimes.values()) {
    const parent = runtime.collection.parent;
    if (!parent) continue;
    const parentRuntime = runtimes.get(parent.collection);
    if (!parentRuntime)
      throw new CorralError(
        'CORRAL_PARENT_NOT_IN_VERSION',
        `Collection "${runtime.collection.name}" is nested below "${parent.collection.name}", which is not part of this API version`,
      );
    parentRuntime.children.push(runtime);
  }
  linkRelations(runtimes);
  return [...runtimes.values()];
}

/**
 * Every route of one version, relative to its prefix. Collections are prepared (indexes, rules)
 * once (`runtimes`, unless given). `codes` are the error codes the version's pages serve (built-in ones by default).
 */
export function versionRoutes(
  definition: VersionDefinition,
  title: string,
  origin: string | undefined,
  paging: PagingOptions,
  codes: ErrorRegistry = errorRegistry(),
  runtimes: readonly CollectionRuntime[] = linkedRuntimes(definition.collections ?? [], paging),
): RouteDefinition[] {
  const names = new Set<string>();
  for (const name of [
    ...(definition.collections ?? []).map((c) => c.name),
    ...(definition.operations ?? []).map((o) => o.name),
  ]) {
    if (name === errorsSegment || name === jobsSegment)
      throw new CorralError(
        'CORRAL_RESERVED_NAME',
        `"${name}" is served by Corral itself in version ${definition.version}; choose another name`,
      );
    if (names.has(name))
      throw new CorralError('CORRAL_DUPLICATE_NAME', `"${name}" is used twice in version ${definition.version}`);
    names.add(name);
  }
  return [
    ...publicRoutes(definition, title, origin, codes),
    jobRoute,
    ...runtimes.flatMap(collectionRoutes),
    ...(definition.operations ?? []).map(operationRoute),
  ];
}
