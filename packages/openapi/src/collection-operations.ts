import type { AnyCollection, DocumentedRoute, RouteKind, VersionDescription } from '@corral/core';
import { securityOf } from './access.js';
import { pascal } from './collection-schemas.js';
import { withFeed } from './feed-docs.js';
import { ref } from './json-schema.js';
import { listQueryParameters, recordQueryParameters } from './list-parameters.js';
import { ifMatch, ifNoneMatch, preferAsync } from './parameters.js';
import { answersOf, json, responsesOf } from './responses.js';

type Operation = Record<string, unknown>;

function body(schema: string, description: string, mediaTypes = ['application/json']): unknown {
  return {
    required: true,
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: ref(schema) }])),
  };
}

/** What one collection route's operation says besides its answers, given the names it shares with the others. */
type Describe = (c: {
  collection: AnyCollection;
  name: string;
  suffix: string;
  nested: boolean;
  member: boolean;
  version: VersionDescription;
}) => Operation;

const describers: Partial<Record<RouteKind, Describe>> = {
  list: ({ collection, name, suffix, version }) => ({
    operationId: `list${name}${suffix}`,
    summary: `List ${collection.name}`,
    description: `A page of ${collection.name}, filtered, sorted and searched with the query parameters; nextPage and previousPage links lead on.`,
    parameters: [...listQueryParameters(collection, version), ifNoneMatch],
  }),
  create: ({ collection, name, suffix, nested }) => ({
    operationId: `create${name}${suffix}`,
    summary: `Create a record in ${collection.name}`,
    description:
      'Validates the body against the schema; unknown and read-only properties are refused (422). Answers 201 with Location.',
    requestBody: body(
      `${name}${nested ? 'CreateNested' : 'Create'}`,
      nested
        ? 'The new record; the server chooses its id, and the parent key comes from the path.'
        : 'The new record; the server chooses its id.',
    ),
  }),
  replaceAll: ({ collection, name, version }) => ({
    operationId: `replaceAll${name}`,
    summary: `Replace several records of ${collection.name} at once (all or none)`,
    description: `An array of at most ${version.bulkLimit} complete records, each with its id (more: 413). Any invalid one (422) or unknown id (404) changes nothing.`,
    parameters: [ifMatch, preferAsync],
    requestBody: {
      required: true,
      content: json({ type: 'array', maxItems: version.bulkLimit, items: ref(`${name}BulkItem`) }),
    },
  }),
  deleteAll: ({ collection, name }) => ({
    operationId: `deleteAll${name}`,
    summary: `Delete every record of ${collection.name}`,
    description:
      'Every id answers 410 afterwards. With If-Match, only if the collection is unchanged since that list ETag.',
    parameters: [ifMatch, preferAsync],
  }),
  read: ({ collection, name, suffix, version }) => ({
    operationId: `get${name}${suffix}`,
    summary: `Read a record of ${collection.name}`,
    description: 'The record with its links; 410 once deleted, 404 if it never existed.',
    parameters: [...recordQueryParameters(collection, version), ifNoneMatch],
  }),
  replace: ({ collection, name, suffix, nested }) => ({
    operationId: `replace${name}${suffix}`,
    summary: `Replace a record of ${collection.name}`,
    description:
      'The complete record; read-only properties may be sent back unchanged. No upsert: an unknown id is 404.',
    parameters: [ifMatch],
    requestBody: body(`${name}${nested ? 'ReplaceNested' : 'Replace'}`, 'The complete record.'),
  }),
  patch: ({ collection, name, suffix }) => ({
    operationId: `patch${name}${suffix}`,
    summary: `Change some properties of a record of ${collection.name}`,
    description: 'A JSON merge patch; the result is validated as a whole.',
    parameters: [ifMatch],
    requestBody: body(`${name}Patch`, 'The properties to change.', [
      'application/merge-patch+json',
      'application/json',
    ]),
  }),
  delete: ({ collection, name, suffix }) => ({
    operationId: `delete${name}${suffix}`,
    summary: `Delete a record of ${collection.name}`,
    description: 'Answers 204; the id is never used again.',
    parameters: [ifMatch],
  }),
  options: ({ collection, name, suffix, member }) => ({
    operationId: `describe${name}${member ? 'Record' : ''}${suffix}`,
    summary: `What may be done with ${member ? 'a record of ' : ''}${collection.name}`,
    description: 'The methods this path supports and the properties the caller may write.',
  }),
};

/**
 * The operation of one collection route of the table: its words and parameters from here, its
 * answers from what the route declares (see `servedAnswers`), its security from the route's access.
 */
export function collectionOperation(
  route: DocumentedRoute,
  collection: AnyCollection,
  version: VersionDescription,
): Operation | undefined {
  const describe = describers[route.kind];
  if (!describe) return undefined;
  const nested = route.nested === true;
  const name = pascal(collection.name);
  const operation = describe({
    collection,
    name,
    suffix: nested ? `Of${pascal(collection.parent!.collection.name)}` : '',
    nested,
    member: route.pattern.endsWith('/:id'),
    version,
  });
  // A GET names the fields it wants with `fields`: its answer is then the partial form.
  const selectable = route.kind === 'list' || route.kind === 'read';
  const either = (full: string, partial: string) =>
    selectable
      ? {
          anyOf: [ref(full), ref(partial)],
          description: 'The whole records; with ?fields=, only the fields named (id and links always come).',
        }
      : ref(full);
  const responses = responsesOf(answersOf(route, version.secured), {
    record: json(either(name, `${name}Partial`)),
    recordPage: json(either(`${name}Page`, `${name}PartialPage`)),
    bulkResult: json(ref(`${name}BulkResult`)),
  });
  const security = securityOf(route.access, version.secured);
  const described = { tags: [collection.name], ...operation, responses, ...(security ? { security } : {}) };
  return withFeed(described, route.kind, name);
}
