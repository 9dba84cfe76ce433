import type { AnyCollection, VersionDescription } from '@corral/core';
import { collectionSchemas, pascal } from './collection-schemas.js';
import { ref } from './json-schema.js';
import { listParameters } from './list-parameters.js';
import { idPathParameter, ifMatch, ifNoneMatch, preferAsync } from './parameters.js';
import { errorResponses, etagHeader, jsonResponse, locationHeader, notModified } from './responses.js';

type Operation = Record<string, unknown>;

const idParameter = idPathParameter('id', 'Id of the record');

function body(schema: string, description: string, mediaTypes = ['application/json']): unknown {
  return { required: true, description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: ref(schema) }])) };
}

/** The security requirement of an operation: the scope it needs (or any token), nothing when the API is open. */
export function security(secured: boolean, scope: string | undefined): unknown[] | undefined {
  return secured ? [{ oauth2: scope ? [scope] : [] }] : undefined;
}

/** Every path of a collection: list, create and bulk writes on the collection; read, replace, patch, delete on members; nested forms. */
export function collectionPaths(collection: AnyCollection, version: VersionDescription): Record<string, Record<string, Operation>> {
  const name = pascal(collection.name);
  const { prefix, secured, paging } = version;
  const read = security(secured, collection.scopes.read);
  const write = security(secured, collection.scopes.write);
  const auth = secured ? [401, 403] : [];
  const common = (op: Operation, scopes: unknown[] | undefined): Operation => ({ tags: [collection.name], ...op, ...(scopes ? { security: scopes } : {}) });
  const paths: Record<string, Record<string, Operation>> = {};

  const addCollectionPath = (path: string, nested: boolean) => {
    const suffix = nested ? `Of${pascal(collection.parent!.collection.name)}` : '';
    const parentParameter = nested ? [idPathParameter('parentId', `Id of the ${collection.parent!.collection.name} record`)] : [];
    const missingParent = nested ? [404, 410] : [];
    const item: Record<string, Operation> = {
      ...(nested ? { parameters: parentParameter as unknown as Operation } : {}),
      get: common({
        operationId: `list${name}${suffix}`, summary: `List ${collection.name}`, description: `A page of ${collection.name}, filtered, sorted and searched with the query parameters; nextPage and previousPage links lead on.`,
        parameters: [...listParameters(collection, paging), ifNoneMatch],
        responses: { 200: jsonResponse('A page of records', ref(`${name}Page`), etagHeader), 304: notModified, ...errorResponses([400, ...auth, ...missingParent, 406, 500]) },
      }, read),
      post: common({
        operationId: `create${name}${suffix}`, summary: `Create a record in ${collection.name}`, description: 'Validates the body against the schema; unknown and read-only properties are refused (422). Answers 201 with Location.',
        requestBody: body(`${name}${nested ? 'CreateNested' : 'Create'}`, nested ? 'The new record; the server chooses its id, and the parent key comes from the path.' : 'The new record; the server chooses its id.'),
        responses: { 201: jsonResponse('The created record', ref(name), { ...etagHeader, ...locationHeader }), ...errorResponses([400, ...auth, ...missingParent, 406, 413, 415, 422, 500]) },
      }, write),
      options: common({
        operationId: `describe${name}${suffix}`, summary: `What may be done with ${collection.name}`, description: 'The methods this path supports and the properties the caller may write.',
        responses: { 200: jsonResponse('Allowed methods and writable properties', ref('Options')), ...errorResponses([400, ...auth, ...missingParent, 406, 500]) },
      }, read),
    };
    if (!nested) {
      // Bulk writes exist on the top-level path only.
      item.put = common({
        operationId: `replaceAll${name}`, summary: `Replace several records of ${collection.name} at once (all or none)`, description: `An array of at most ${version.bulkLimit} complete records, each with its id (more: 413). Any invalid one (422) or unknown id (404) changes nothing.`,
        parameters: [ifMatch, preferAsync],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'array', maxItems: version.bulkLimit, items: ref(`${name}BulkItem`) } } } },
        responses: { 200: jsonResponse('The replaced records', ref(`${name}BulkResult`)), 202: jsonResponse('Accepted as a job', ref('JobAccepted')), ...errorResponses([400, ...auth, 404, 406, 410, 412, 413, 415, 422, 428, 500]) },
      }, write);
      item.delete = common({
        operationId: `deleteAll${name}`, summary: `Delete every record of ${collection.name}`, description: 'Every id answers 410 afterwards. With If-Match, only if the collection is unchanged since that list ETag.',
        parameters: [ifMatch, preferAsync],
        responses: { 204: { description: 'Deleted' }, 202: jsonResponse('Accepted as a job', ref('JobAccepted')), ...errorResponses([400, ...auth, 406, 409, 412, 428, 500]) },
      }, write);
    }
    paths[path] = item;

    paths[`${path}/{id}`] = {
      parameters: [...parentParameter, idParameter] as unknown as Operation,
      get: common({
        operationId: `get${name}${suffix}`, summary: `Read a record of ${collection.name}`, description: 'The record with its links; 410 once deleted, 404 if it never existed.', parameters: [ifNoneMatch],
        responses: { 200: jsonResponse('The record', ref(name), etagHeader), 304: notModified, ...errorResponses([400, ...auth, 404, 406, 410, 500]) },
      }, read),
      put: common({
        operationId: `replace${name}${suffix}`, summary: `Replace a record of ${collection.name}`, description: 'The complete record; read-only properties may be sent back unchanged. No upsert: an unknown id is 404.', parameters: [ifMatch],
        requestBody: body(`${name}${nested ? 'ReplaceNested' : 'Replace'}`, 'The complete record.'),
        responses: { 200: jsonResponse('The record as stored', ref(name), etagHeader), ...errorResponses([400, ...auth, 404, 406, 410, 412, 413, 415, 422, 428, 500]) },
      }, write),
      patch: common({
        operationId: `patch${name}${suffix}`, summary: `Change some properties of a record of ${collection.name}`, description: 'A JSON merge patch; the result is validated as a whole.', parameters: [ifMatch],
        requestBody: body(`${name}Patch`, 'The properties to change.', ['application/merge-patch+json', 'application/json']),
        responses: { 200: jsonResponse('The record as stored', ref(name), etagHeader), ...errorResponses([400, ...auth, 404, 406, 410, 412, 413, 415, 422, 428, 500]) },
      }, write),
      delete: common({
        operationId: `delete${name}${suffix}`, summary: `Delete a record of ${collection.name}`, description: 'Answers 204; the id is never used again.', parameters: [ifMatch],
        responses: { 204: { description: 'Deleted; the id answers 410 from now on' }, ...errorResponses([400, ...auth, 404, 406, 409, 410, 412, 428, 500]) },
      }, write),
      options: common({
        operationId: `describe${name}Record${suffix}`, summary: `What may be done with a record of ${collection.name}`, description: 'The methods this path supports and the properties the caller may write.',
        responses: { 200: jsonResponse('Allowed methods and writable properties', ref('Options')), ...errorResponses([400, ...auth, 404, 406, 410, 500]) },
      }, read),
    };
  };

  if (!collection.parent || collection.parent.topLevel !== false) addCollectionPath(`${prefix}/${collection.name}`, false);
  if (collection.parent) addCollectionPath(`${prefix}/${collection.parent.collection.name}/{parentId}/${collection.name}`, true);
  return paths;
}

export { collectionSchemas };
