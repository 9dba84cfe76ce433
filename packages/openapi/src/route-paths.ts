import type { DocumentedRoute, VersionDescription } from '@corral/core';
import { collectionOperation } from './collection-operations.js';
import { metaOperation } from './meta-paths.js';
import { operationOperation } from './operation-paths.js';
import { openApiPath, pathParameters } from './path-parameters.js';
import { pluginOperation } from './plugin-paths.js';
import { withRouteDocs } from './route-docs.js';

type PathItem = Record<string, unknown>;

/** The operation documenting one route, its declaration looked up by name; undefined for kinds not documented here. */
function operationOf(route: DocumentedRoute, version: VersionDescription): Record<string, unknown> | undefined {
  if (route.collection !== undefined) {
    const collection = version.collections.find((c) => c.name === route.collection);
    return collection && collectionOperation(route, collection, version);
  }
  // A plugin's endpoint, served and guarded like the API's own routes (its pages are documented apart).
  if (route.kind === 'plugin') return pluginOperation(route, version);
  if (route.kind === 'operation') {
    const operation = version.operations.find((o) => o.name === route.operation);
    return operation && operationOperation(route, operation, version);
  }
  return metaOperation(route, version);
}

/**
 * The paths of every route of the version's table, in table order: what the pipeline serves and
 * guards is exactly what is documented, each operation with what plugins add to its route.
 */
export function routePaths(version: VersionDescription): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const route of version.routes) {
    const operation = operationOf(route, version);
    if (!operation) continue;
    const path = openApiPath(route.pattern, version.prefix);
    const item = (paths[path] ??= {});
    const parameters = pathParameters(route, version);
    if (parameters.length > 0 && !item.parameters) item.parameters = parameters;
    item[route.method.toLowerCase()] = withRouteDocs(operation, route.docs);
  }
  return paths;
}
