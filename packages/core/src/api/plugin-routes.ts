import type { Versioning } from '@corral/versioning';
import type { CollectionRuntime } from '../collection/runtime.js';
import { changeEvents } from '../feed/change-events.js';
import type { RouteAnswers } from '../vocabulary/answers.js';
import type { RouteDefinition } from '../vocabulary/context.js';
import { describeVersion, type DescribedOptions } from './version-description.js';
import type { VersionDefinition } from './version-routes.js';

/** What a plugin's page answers when it declares nothing: the page. */
const pageAnswers: RouteAnswers = { success: { 200: { description: 'The page', body: 'pluginPage' } }, errors: [] };

/**
 * Turns the endpoints of every plugin into routes of one version, and their pages into public GET
 * routes. Endpoints come first and see the API's own routes; pages are made once every endpoint is
 * known, so that a page documenting the version (the OpenAPI document) covers the endpoints too.
 */
export function pluginRoutes(
  options: DescribedOptions,
  definition: VersionDefinition,
  versioning: Versioning,
  origin: string,
  table: readonly RouteDefinition[],
  runtimes: readonly CollectionRuntime[] = [],
): RouteDefinition[] {
  const plugins = options.plugins ?? [];
  if (plugins.length === 0) return [];
  const own = describeVersion(options, definition, versioning, origin, table);
  const events = changeEvents(runtimes, own.prefix, own.secured);
  const endpoints = plugins.flatMap((plugin) =>
    (plugin.endpoints?.(own, { events }) ?? []).map(
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
  const served =
    endpoints.length === 0 ? own : describeVersion(options, definition, versioning, origin, [...table, ...endpoints]);
  const pages = plugins.flatMap((plugin) =>
    (plugin.routes?.(served) ?? []).map(
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
