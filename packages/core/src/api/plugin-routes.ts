import { withPagingDefaults, type PagingOptions } from '@corral/pagination';
import { expandSettingsOf, type ExpandOptions } from '../collection/expand-options.js';
import type { Versioning } from '@corral/versioning';
import { bulkLimitOf } from './bulk-limit.js';
import type { CollectionRuntime } from '../collection/runtime.js';
import { changeEvents } from '../feed/change-events.js';
import type { RouteAnswers } from '../vocabulary/answers.js';
import type { RouteDefinition } from '../vocabulary/context.js';
import type { ApiPlugin, VersionDescription } from '../vocabulary/plugin.js';
import type { VersionDefinition } from './version-routes.js';

/** The scopes named anywhere in a version's declarations, sorted. */
function scopesOf(definition: VersionDefinition): string[] {
  const scopes = new Set<string>();
  for (const c of definition.collections ?? []) for (const s of [c.scopes.read, c.scopes.write]) if (s) scopes.add(s);
  for (const o of definition.operations ?? []) if (o.scope) scopes.add(o.scope);
  return [...scopes].sort();
}

/** What a plugin's page answers when it declares nothing: the page. */
const pageAnswers: RouteAnswers = { success: { 200: { description: 'The page', body: 'pluginPage' } }, errors: [] };

/** Turns the endpoints of every plugin into routes of one version, and their pages into public GET routes. */
export function pluginRoutes(
  options: {
    readonly title?: string;
    readonly plugins?: readonly ApiPlugin[];
    readonly paging?: PagingOptions;
    readonly auth?: unknown;
    readonly bulkLimit?: number;
    readonly expand?: ExpandOptions;
  },
  definition: VersionDefinition,
  versioning: Versioning,
  origin: string,
  table: readonly RouteDefinition[],
  runtimes: readonly CollectionRuntime[] = [],
): RouteDefinition[] {
  const plugins = options.plugins ?? [];
  if (plugins.length === 0) return [];
  const paging = withPagingDefaults(options.paging);
  const description: VersionDescription = {
    title: options.title ?? 'API',
    version: definition.version,
    prefix: versioning.prefix(definition.version),
    basePath: versioning.basePath,
    origin,
    versions: versioning.versions,
    collections: definition.collections ?? [],
    operations: definition.operations ?? [],
    scopes: scopesOf(definition),
    paging,
    secured: options.auth !== undefined,
    bulkLimit: bulkLimitOf(options),
    expand: expandSettingsOf(options.expand, paging.maxLimit),
    // Handlers stay inside core: plugins see what a route is, not how it is served.
    routes: table.map(({ handler: _handler, checksQuery: _checks, produces: _produces, ...info }) => {
      const docs = plugins.flatMap((plugin) => plugin.describeRoute?.({ ...info, version: definition.version }) ?? []);
      return Object.freeze({ ...info, docs });
    }),
  };
  const events = changeEvents(runtimes, description.prefix, description.secured);
  const endpoints = plugins.flatMap((plugin) =>
    (plugin.endpoints?.(description, { events }) ?? []).map(
      ({ path, handler, checksQuery, ...route }): RouteDefinition => ({
        ...route,
        pattern: path,
        kind: 'plugin',
        plugin: plugin.name,
        handler,
        ...(checksQuery ? { checksQuery } : {}),
      }),
    ),
  );
  const pages = plugins.flatMap((plugin) =>
    (plugin.routes?.(description) ?? []).map(
      (route): RouteDefinition => ({
        method: 'GET',
        pattern: route.path,
        access: 'public',
        kind: 'plugin',
        plugin: plugin.name,
        produces: route.contentType,
        answers: route.answers ?? pageAnswers,
        async handler({ params }) {
          const page = await route.handler(params);
          return {
            status: page.status ?? 200,
            headers: { 'content-type': page.contentType, ...page.headers },
            body: page.body,
          };
        },
      }),
    ),
  );
  return [...endpoints, ...pages];
}
