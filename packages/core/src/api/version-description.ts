import { withPagingDefaults, type PagingOptions } from '@corral/pagination';
import type { Versioning } from '@corral/versioning';
import { expandSettingsOf, type ExpandOptions } from '../collection/expand-options.js';
import type { RouteDefinition } from '../vocabulary/context.js';
import type { ApiPlugin, DocumentedRoute, VersionDescription } from '../vocabulary/plugin.js';
import { bulkLimitOf } from './bulk-limit.js';
import type { VersionDefinition } from './version-routes.js';

/** The settings of an API a version's description reads. */
export interface DescribedOptions {
  readonly title?: string;
  readonly plugins?: readonly ApiPlugin[];
  readonly paging?: PagingOptions;
  readonly auth?: unknown;
  readonly bulkLimit?: number;
  readonly expand?: ExpandOptions;
}

/** The scopes named anywhere in a version's declarations and routes, sorted. */
function scopesOf(definition: VersionDefinition, routes: readonly RouteDefinition[]): string[] {
  const scopes = new Set<string>();
  for (const c of definition.collections ?? []) for (const s of [c.scopes.read, c.scopes.write]) if (s) scopes.add(s);
  for (const o of definition.operations ?? []) if (o.scope) scopes.add(o.scope);
  for (const r of routes) if (typeof r.access === 'object') scopes.add(r.access.scope);
  return [...scopes].sort();
}

/**
 * What plugins learn about one version whose route table is `routes`: each route as hooks see it
 * (handlers stay inside core), with what every plugin's `describeRoute` documents for it.
 */
export function describeVersion(
  options: DescribedOptions,
  definition: VersionDefinition,
  versioning: Versioning,
  origin: string,
  routes: readonly RouteDefinition[],
): VersionDescription {
  const plugins = options.plugins ?? [];
  const paging = withPagingDefaults(options.paging);
  const documented = routes.map(({ handler: _handler, checksQuery: _checks, produces: _produces, ...info }) => {
    const docs = plugins.flatMap((plugin) => plugin.describeRoute?.({ ...info, version: definition.version }) ?? []);
    return Object.freeze({ ...info, docs }) satisfies DocumentedRoute;
  });
  return {
    title: options.title ?? 'API',
    version: definition.version,
    prefix: versioning.prefix(definition.version),
    basePath: versioning.basePath,
    origin,
    versions: versioning.versions,
    collections: definition.collections ?? [],
    operations: definition.operations ?? [],
    scopes: scopesOf(definition, routes),
    paging,
    secured: options.auth !== undefined,
    bulkLimit: bulkLimitOf(options),
    expand: expandSettingsOf(options.expand, paging.maxLimit),
    routes: documented,
  };
}
