import type { DocumentedRoute, VersionDescription } from '@corral/core';
import { idPathParameter } from './parameters.js';

/** The OpenAPI path of a route's pattern: below the prefix, `:name` written `{name}`. */
export function openApiPath(pattern: string, prefix: string): string {
  return pattern === '/' ? prefix : `${prefix}${pattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}

const errorCodeParameter = {
  name: 'code',
  in: 'path',
  required: true,
  description: 'An errorCode',
  schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 999_999 },
};

/** The path parameters of a route, one per `:name` segment of its pattern, described by what the route serves. */
export function pathParameters(route: DocumentedRoute, version: VersionDescription): unknown[] {
  return [...route.pattern.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => {
    if (route.kind === 'errorCode' && name === 'code') return errorCodeParameter;
    if (route.kind === 'job') return idPathParameter(name!, 'Job id from a 202 Location');
    const words = route.about?.pathParameters?.[name!];
    if (words) return idPathParameter(name!, words);
    if (name === 'parentId') {
      const parent = version.collections.find((c) => c.name === route.collection)?.parent?.collection.name ?? 'parent';
      return idPathParameter(name, `Id of the ${parent} record`);
    }
    return idPathParameter(name!, name === 'id' ? 'Id of the record' : `The ${name} of the path`);
  });
}
