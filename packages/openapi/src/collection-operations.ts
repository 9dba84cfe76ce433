import type { AnyCollection, DocumentedRoute, RouteKind, VersionDescription } from '@corral/core';
import { authStatuses, securityOf } from './access.js';
import { pascal } from './collection-schemas.js';
import { ref } from './json-schema.js';
import { fieldsParameter, listParameters } from './list-parameters.js';
import { expandParameter } from './relations.js';
import { ifMatch, ifNoneMatch, preferAsync } from './parameters.js';
import { errorResponses, etagHeader, jsonResponse, locationHeader, notModified } from './responses.js';

type Operation = Record<string, unknown>;

/** The `expand` parameter of a collection's reads, when it has relations. */
function expansion(collection: AnyCollection, version: VersionDescription): unknown[] {
  const parameter = expandParameter(collection, version.collections, version.expand.maxDepth);
  return parameter === undefined ? [] : [parameter];
}

function body(schema: string, description: string, mediaTypes = ['application/json']): unknown {
  return {
    required: true,
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: ref(schema) }])),
  };
}

/** What one collection route's operation says, given the names and error statuses it shares with the others. */
type Describe = (c: {
  collection: AnyCollection;
  name: string;
  suffix: string;
  nested: boolean;
  errors: (statuses: number[]) => Record<string, unknown>;
  version: VersionDescription;
}) => Operation;

const describers: Partial<Record<RouteKind, Describe>> = {
  list: ({ collection, name, suffix, errors, version }) => ({
    operationId: `list${name}${suffix}`,
    summary: `List ${collection.name}`,
    description: `A page of ${collection.name}, filtered, sorted and searched with the query parameters; nextPage and previousPage links lead on.`,
    parameters: [...listParameters(collection, version.paging), ...expansion(collection, version), ifNoneMatch],
    responses: {
      200: jsonResponse('A page of records', ref(`${name}Page`), etagHeader),
      304: notModified,
      ...errors([400, 406, 500]),
    },
  }),
  create: ({ collection, name, suffix, nested, errors }) => ({
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
    responses: {
      201: jsonResponse('The created record', ref(name), { ...etagHeader, ...locationHeader }),
      ...errors([400, 406, 413, 415, 422, 500]),
    },
  }),
  replaceAll: ({ collection, name, errors, version }) => ({
    operationId: `replaceAll${name}`,
    summary: `Replace several records of ${collection.name} at once (all or none)`,
    description: `An array of at most ${version.bulkLimit} complete records, each with its id (more: 413). Any invalid one (422) or unknown id (404) changes nothing.`,
    parameters: [ifMatch, preferAsync],
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: { type: 'array', maxItems: version.bulkLimit, items: ref(`${name}BulkItem`) } },
      },
    },
    responses: {
      200: jsonResponse('The replaced records', ref(`${name}BulkResult`)),
      202: jsonResponse('Accepted as a job', ref('JobAccepted')),
      ...errors([400, 404, 406, 410, 412, 413, 415, 422, 428, 500, 503]),
    },
  }),
  deleteAll: ({ collection, name, errors }) => ({
    operationId: `deleteAll${name}`,
    summary: `Delete every record of ${collection.name}`,
    description:
      'Every id answers 410 afterwards. With If-Match, only if the collection is unchanged since that list ETag.',
    parameters: [ifMatch, preferAsync],
    responses: {
      204: { description: 'Deleted' },
      202: jsonResponse('Accepted as a job', ref('JobAccepted')),
      ...errors([400, 406, 409, 412, 428, 500, 503]),
    },
  }),
  read: ({ collection, name, suffix, errors, version }) => ({
    operationId: `get${name}${suffix}`,
    summary: `Read a record of ${collection.name}`,
    description: 'The record with its links; 410 once deleted, 404 if it never existed.',
    parameters: [fieldsParameter(collection), ...expansion(collection, version), ifNoneMatch],
    responses: {
      200: jsonResponse('The record', ref(name), etagHeader),
      304: notModified,
      ...errors([400, 404, 406, 410, 500]),
    },
  }),
  replace: ({ collection, name, suffix, nested, errors }) => ({
    operationId: `replace${name}${suffix}`,
    summary: `Replace a record of ${collection.name}`,
    description:
      'The complete record; read-only properties may be sent back unchanged. No upsert: an unknown id is 404.',
    parameters: [ifMatch],
    requestBody: body(`${name}${nested ? 'ReplaceNested' : 'Replace'}`, 'The complete record.'),
    responses: {
      200: jsonResponse('The record as stored', ref(name), etagHeader),
      ...errors([400, 404, 406, 410, 412, 413, 415, 422, 428, 500]),
    },
  }),
  patch: ({ collection, name, suffix, errors }) => ({
    operationId: `patch${name}${suffix}`,
    summary: `Change some properties of a record of ${collection.name}`,
    description: 'A JSON merge patch; the result is validated as a whole.',
    parameters: [ifMatch],
    requestBody: body(`${name}Patch`, 'The properties to change.', [
      'application/merge-patch+json',
      'application/json',
    ]),
    responses: {
      200: jsonResponse('The record as stored', ref(name), etagHeader),
      ...errors([400, 404, 406, 410, 412, 413, 415, 422, 428, 500]),
    },
  }),
  delete: ({ collection, name, suffix, errors }) => ({
    operationId: `delete${name}${suffix}`,
    summary: `Delete a record of ${collection.name}`,
    description: 'Answers 204; the id is never used again.',
    parameters: [ifMatch],
    responses: {
      204: { description: 'Deleted; the id answers 410 from now on' },
      ...errors([400, 404, 406, 409, 410, 412, 428, 500]),
    },
  }),
};

const describeOptions =
  (member: boolean): Describe =>
  ({ collection, name, suffix, errors }) => ({
    operationId: `describe${name}${member ? 'Record' : ''}${suffix}`,
    summary: `What may be done with ${member ? 'a record of ' : ''}${collection.name}`,
    description: 'The methods this path supports and the properties the caller may write.',
    responses: {
      200: jsonResponse('Allowed methods and writable properties', ref('Options')),
      ...errors([400, ...(member ? [404] : []), 406, ...(member ? [410] : []), 500]),
    },
  });

/**
 * The operation of one collection route of the table. Its security and 401/403 answers come from
 * the route's access; a nested route also answers 404/410 for a missing parent.
 */
export function collectionOperation(
  route: DocumentedRoute,
  collection: AnyCollection,
  version: VersionDescription,
): Operation | undefined {
  const member = route.pattern.endsWith('/:id');
  const describe = route.kind === 'options' ? describeOptions(member) : describers[route.kind];
  if (!describe) return undefined;
  const nested = route.nested === true;
  // Below a parent, a missing or deleted parent answers 404 or 410. (Integer keys keep numeric order.)
  const extra = [...authStatuses(route.access, version.secured), ...(nested ? [404, 410] : [])];
  const errors = (statuses: number[]) => errorResponses([...new Set([...statuses, ...extra])]);
  const operation = describe({
    collection,
    name: pascal(collection.name),
    suffix: nested ? `Of${pascal(collection.parent!.collection.name)}` : '',
    nested,
    errors,
    version,
  });
  const security = securityOf(route.access, version.secured);
  return { tags: [collection.name], ...operation, ...(security ? { security } : {}) };
}
