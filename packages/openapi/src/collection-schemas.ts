import type { AnyCollection } from '@corral/core';
import { jsonSchema, propertySchemas, ref, type JsonSchema } from './json-schema.js';

/** Component name stem of a collection: `salaryStatements` -> `SalaryStatements`. */
export function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The parent key the server sets from the path (absent from the schema), if any. */
export function serverParentField(collection: AnyCollection): string | undefined {
  const parent = collection.parent;
  return parent && !Object.keys(collection.schema.shape).includes(parent.field) ? parent.field : undefined;
}

/** The schemas of one collection: the record as read, the bodies of writes, the page and bulk answers. */
export function collectionSchemas(collection: AnyCollection): Record<string, JsonSchema> {
  const name = pascal(collection.name);
  const output = jsonSchema(collection.schema, 'output');
  const input = propertySchemas(collection.schema, 'input');
  const parentKey = serverParentField(collection);
  const serverSet = { id: { type: 'string', readOnly: true }, links: { type: 'array', readOnly: true, items: ref('Link') } };
  const parentProperty = parentKey ? { [parentKey]: { type: 'string', readOnly: true, description: 'Set from the path' } } : {};
  return {
    [name]: {
      type: 'object',
      description: `A record of ${collection.name} as the API returns it.`,
      properties: { id: { type: 'string' }, ...parentProperty, ...(output.properties as object), links: { type: 'array', items: ref('Link') } },
      required: ['id', ...(parentKey ? [parentKey] : []), ...((output.required as string[] | undefined) ?? []), 'links'],
      additionalProperties: false,
    },
    [`${name}Input`]: {
      type: 'object',
      description: `The properties of a record of ${collection.name} for POST and PUT. Server-set properties may be sent back unchanged.`,
      properties: { ...serverSet, ...parentProperty, ...input },
      required: (jsonSchema(collection.schema, 'input').required as string[] | undefined) ?? [],
      additionalProperties: false,
    },
    [`${name}Patch`]: {
      type: 'object',
      description: `A JSON merge patch (RFC 7396) for a record of ${collection.name}: only the properties to change; null removes an optional one.`,
      properties: { ...serverSet, ...parentProperty, ...Object.fromEntries(Object.entries(input).map(([key, schema]) => [key, { anyOf: [schema, { type: 'null' }] }])) },
      additionalProperties: false,
    },
    [`${name}Page`]: {
      type: 'object',
      description: `A page of ${collection.name}.`,
      properties: {
        offset: { type: 'integer', minimum: 0 },
        limit: { type: 'integer', minimum: 1 },
        total: { type: 'integer', minimum: 0 },
        [collection.name]: { type: 'array', items: ref(name) },
        links: { type: 'array', items: ref('Link'), description: 'nextPage and previousPage, when there are such pages' },
      },
      required: ['offset', 'limit', 'total', collection.name, 'links'],
      additionalProperties: false,
    },
    ...(collection.parent?.topLevel === false ? {} : bulkResult(name, collection.name)),
  };
}

/** The answer of a bulk replace (top-level collections only). */
function bulkResult(name: string, property: string): Record<string, JsonSchema> {
  return {
    [`${name}BulkResult`]: {
      type: 'object',
      properties: { updated: { type: 'integer' }, [property]: { type: 'array', items: ref(name) } },
      required: ['updated', property],
      additionalProperties: false,
    },
  };
}
