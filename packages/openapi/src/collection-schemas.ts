import { inputLimits, serverParentField, type AnyCollection } from '@corral/core';
import { jsonSchema, propertySchemas, ref, type JsonSchema } from './json-schema.js';
import { pageSchema, partialSchemas } from './page-schemas.js';

/** Component name stem of a collection: `salaryStatements` -> `SalaryStatements`. */
export function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Words for the collection's unique keys, after the record's description; none without keys. */
function uniqueNote(collection: AnyCollection): string {
  const keys = collection.unique.map((key) => (key.length === 1 ? key[0] : `${key.join(' and ')} together`));
  return keys.length === 0
    ? ''
    : ` Unique: no two records share ${keys.join(', nor ')}; a write that would answers 409 (valueTaken) naming the fields. Listed in x-corral-unique, one array of fields per key.`;
}

/** The parent key a nested path supplies while the schema holds it (so the body may leave it out). */
function pathParentField(collection: AnyCollection): string | undefined {
  return collection.parent && serverParentField(collection) === undefined ? collection.parent.field : undefined;
}

/**
 * The schemas of one collection: the record as read, the bodies of each kind of write, the page
 * and bulk answers. Request bodies say exactly what the server takes: create bodies have no `id`;
 * replace bodies may echo `id` and `links` as read (not readOnly there, or strict validators would
 * refuse a PUT of what GET returned); bulk items need their `id`; a merge patch may null only
 * optional properties; on a nested path the parent key comes from the path. `expanded` holds the
 * properties expansions add to a record as read.
 */
export function collectionSchemas(
  collection: AnyCollection,
  expanded: Record<string, unknown> = {},
): Record<string, JsonSchema> {
  const name = pascal(collection.name);
  const output = jsonSchema(collection.schema, 'output');
  const input = propertySchemas(collection.schema, 'input');
  const inputRequired = (jsonSchema(collection.schema, 'input').required as string[] | undefined) ?? [];
  const serverParent = serverParentField(collection);
  const pathParent = pathParentField(collection);
  const echoed = {
    id: {
      type: 'string',
      maxLength: inputLimits.pathParameterLength,
      description: 'May be sent back as read; any other value is refused (422).',
    },
    links: {
      type: 'array',
      items: ref('Link'),
      maxItems: inputLimits.linksPerRecord,
      description: 'May be sent back as read; any other value is refused (422).',
    },
  };
  const echoedParent = serverParent
    ? {
        [serverParent]: {
          type: 'string',
          maxLength: inputLimits.pathParameterLength,
          description: 'Set from the path; may be sent back as read.',
        },
      }
    : {};
  const object = (description: string, properties: Record<string, unknown>, required: string[]): JsonSchema => ({
    type: 'object',
    description,
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  });
  const withoutParent = (required: string[]) => required.filter((field) => field !== pathParent);
  const optionalNullable = Object.fromEntries(
    Object.entries(input).map(([key, schema]) => [
      key,
      inputRequired.includes(key) ? schema : { anyOf: [schema, { type: 'null' }] },
    ]),
  );
  const outputParent = serverParent
    ? { [serverParent]: { type: 'string', readOnly: true, description: 'Set from the path' } }
    : {};
  const nestedOnly = collection.parent?.topLevel === false;
  const record: JsonSchema = {
    type: 'object',
    description: `A record of ${collection.name} as the API returns it.${uniqueNote(collection)}`,
    ...(collection.unique.length > 0 ? { 'x-corral-unique': collection.unique.map((key) => [...key]) } : {}),
    properties: {
      id: { type: 'string', readOnly: true },
      ...outputParent,
      ...(output.properties as object),
      links: { type: 'array', readOnly: true, items: ref('Link') },
      ...expanded,
    },
    required: [
      'id',
      ...(serverParent ? [serverParent] : []),
      ...((output.required as string[] | undefined) ?? []),
      'links',
    ],
    additionalProperties: false,
  };
  return {
    [name]: record,
    ...(nestedOnly
      ? {}
      : {
          [`${name}Create`]: object(
            `A new record of ${collection.name} for POST; the server chooses its id.`,
            input,
            inputRequired,
          ),
        }),
    ...(collection.parent
      ? {
          [`${name}CreateNested`]: object(
            `A new record of ${collection.name} for POST below its parent; the parent key comes from the path.`,
            input,
            withoutParent(inputRequired),
          ),
        }
      : {}),
    ...(nestedOnly
      ? {}
      : {
          [`${name}Replace`]: object(
            `A complete record of ${collection.name} for PUT; id and links may be sent back as read.`,
            { ...echoed, ...input },
            inputRequired,
          ),
        }),
    ...(collection.parent
      ? {
          [`${name}ReplaceNested`]: object(
            `A complete record of ${collection.name} for PUT below its parent; the parent key comes from the path.`,
            { ...echoed, ...echoedParent, ...input },
            withoutParent(inputRequired),
          ),
        }
      : {}),
    [`${name}Patch`]: object(
      `A JSON merge patch (RFC 7396) for a record of ${collection.name}: only the properties to change; null removes an optional one.`,
      { ...echoed, ...echoedParent, ...optionalNullable },
      [],
    ),
    [`${name}Page`]: pageSchema(collection, name, `A page of ${collection.name}.`),
    ...partialSchemas(collection, name, record),
    ...(nestedOnly ? {} : bulkSchemas(name, collection.name, { ...echoed, ...input }, inputRequired)),
  };
}

/** The item of a bulk replace (its id is required) and its answer; top-level collections only. */
function bulkSchemas(
  name: string,
  property: string,
  properties: Record<string, unknown>,
  required: string[],
): Record<string, JsonSchema> {
  return {
    [`${name}BulkItem`]: {
      type: 'object',
      description: `A complete record of ${property} in a bulk PUT, with the id of the record it replaces.`,
      properties,
      required: ['id', ...required],
      additionalProperties: false,
    },
    [`${name}BulkResult`]: {
      type: 'object',
      properties: { updated: { type: 'integer' }, [property]: { type: 'array', items: ref(name) } },
      required: ['updated', property],
      additionalProperties: false,
    },
  };
}
