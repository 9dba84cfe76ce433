import { type AnyCollection, type FilterEntry, filterField, operatorsOf, type VersionDescription } from '@corral/core';
import { z } from 'zod';
import type { AdminCollection, AdminRelation, AdminVersion, JsonSchema } from './model-types.js';

/** A zod schema as JSON Schema, without the dialect marker. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** To-one relations, then the collections below this one that name an inverse: what `expand` embeds. */
function relationsOf(collection: AnyCollection, all: readonly AnyCollection[]): AdminRelation[] {
  const toOne = Object.entries(collection.relations).map(([name, relation]) => ({
    name,
    kind: 'one' as const,
    target: relation.collection,
  }));
  const toMany = all.flatMap((child) =>
    child.parent?.collection === collection && child.parent.inverse !== undefined
      ? [{ name: child.parent.inverse, kind: 'many' as const, target: child }]
      : [],
  );
  return [...toOne, ...toMany]
    .filter((relation) => relation.target.expandable)
    .map(({ name, kind, target }) => ({ name, kind, target: target.name }));
}

function collectionOf(version: VersionDescription, collection: AnyCollection): AdminCollection {
  const lists = version.routes.filter((route) => route.kind === 'list' && route.collection === collection.name);
  const top = lists.find((route) => !route.nested);
  const nested = lists.find((route) => route.nested);
  const features = (collection.store as { listFeatures?: { seek?: boolean } }).listFeatures;
  return {
    name: collection.name,
    title: collection.title,
    listPath: top ? `${version.prefix}${top.pattern}` : undefined,
    nestedPattern: nested ? `${version.prefix}${nested.pattern}` : undefined,
    parent: collection.parent?.collection.name,
    readScope: collection.scopes.read,
    writeScope: collection.scopes.write,
    schema: jsonSchema(collection.schema, 'output'),
    inputSchema: jsonSchema(collection.schema, 'input'),
    filters: Object.entries(collection.filters as Record<string, FilterEntry>).map(([param, entry]) => ({
      param,
      field: filterField(entry),
      operators: [...operatorsOf(entry)],
    })),
    sortable: [...collection.sortable],
    searchable: collection.searchable.length > 0,
    cursor: features?.seek === true,
    relations: relationsOf(collection, version.collections),
  };
}

/** What the admin shows of one version: its collections, from their declarations. */
export function adminVersion(version: VersionDescription): AdminVersion {
  return {
    prefix: version.prefix,
    collections: version.collections.map((collection) => collectionOf(version, collection)),
  };
}
