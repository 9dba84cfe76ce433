import {
  defineCollection,
  defineOperation,
  type AnyCollection,
  type ApiOptions,
  type VersionDescription,
} from '@corral/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument, type DocumentOptions } from './index.js';
import { refuseAll, versionOf } from './testing/version-of.js';

// A small zoo: a top-level collection, a collection nested under it only, and one operation.
const zoos = defineCollection({
  name: 'zoos',
  schema: z.object({ name: z.string().min(1), city: z.string(), visitors: z.int().min(0) }),
  filters: { city: 'city', visitors: 'visitors' },
  sortable: ['name', 'visitors'],
  searchable: ['name', 'city'],
  scopes: { read: 'zoo:read', write: 'zoo:write' },
});

const animals = defineCollection({
  name: 'animals',
  schema: z.object({ name: z.string(), species: z.enum(['lion', 'zebra', 'penguin']) }),
  filters: { species: 'species' },
  // zooId is not in the schema: the server takes it from /zoos/{parentId}/animals.
  parent: { collection: zoos, field: 'zooId', topLevel: false },
  scopes: { read: 'zoo:read', write: 'animals:write' },
});

const translate = defineOperation({
  name: 'translate',
  title: 'Translate',
  description: 'Translates an animal name.',
  query: z.object({ text: z.string().describe('Word to translate'), to: z.enum(['de', 'fr']) }),
  scope: 'ops:translate',
  result: z.object({ translation: z.string(), language: z.enum(['de', 'fr']) }),
  handler: ({ query }) => ({ translation: query.text, language: query.to }),
});

/** The version createApi describes for this small zoo (route table included), with some options changed. */
function describeVersion(changes: Partial<ApiOptions> = {}): VersionDescription {
  return versionOf({
    title: 'Zoo',
    collections: [zoos, animals],
    operations: [translate],
    paging: { defaultLimit: 10, maxLimit: 50 },
    auth: refuseAll,
    ...changes,
  });
}

const tokenUrl = 'https://auth.example/oauth/token';
const options: DocumentOptions = { tokenUrl, scopeDescriptions: { 'zoo:read': 'Read zoos and their animals' } };

type Json = Record<string, any>;

function documentOf(version = describeVersion(), documentOptions = options): Json {
  return openApiDocument(version, documentOptions) as Json;
}

const parameterNames = (operation: Json) => (operation.parameters as Json[]).map((p) => p.name);

describe('openApiDocument', () => {
  it('is an OpenAPI 3.1.0 document titled after the API and its version', () => {
    const document = documentOf();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Zoo', version: 'v1' });
    expect(document.servers).toEqual([
      { url: '/', description: expect.stringContaining('local, staging or production'), 'x-internal': false },
    ]);
    expect(document.tags.map((t: Json) => t.name)).toEqual(['zoos', 'animals', 'operations', 'meta']);
  });

  it('has the collection, member and nested paths, and the operation path', () => {
    const { paths } = documentOf();
    expect(
      Object.keys(paths['/v1/zoos'])
        .filter((k) => k !== 'parameters')
        .sort(),
    ).toEqual(['delete', 'get', 'head', 'options', 'post', 'put']);
    expect(
      Object.keys(paths['/v1/zoos/{id}'])
        .filter((k) => k !== 'parameters')
        .sort(),
    ).toEqual(['delete', 'get', 'head', 'options', 'patch', 'put']);
    // Nested lists have no bulk writes.
    expect(
      Object.keys(paths['/v1/zoos/{parentId}/animals'])
        .filter((k) => k !== 'parameters')
        .sort(),
    ).toEqual(['get', 'head', 'options', 'post']);
    expect(
      Object.keys(paths['/v1/zoos/{parentId}/animals/{id}'])
        .filter((k) => k !== 'parameters')
        .sort(),
    ).toEqual(['delete', 'get', 'head', 'options', 'patch', 'put']);
    expect(Object.keys(paths['/v1/translate'])).toEqual(['get', 'head']);
    // topLevel: false, so animals are not served at /v1/animals.
    expect(paths).not.toHaveProperty(['/v1/animals']);
    expect(paths).not.toHaveProperty(['/v1/animals/{id}']);
  });

  it('names operations by collection, with an Of<Parent> suffix for the nested forms', () => {
    const { paths } = documentOf();
    expect(paths['/v1/zoos'].get.operationId).toBe('listZoos');
    expect(paths['/v1/zoos'].put.operationId).toBe('replaceAllZoos');
    expect(paths['/v1/zoos/{id}'].patch.operationId).toBe('patchZoos');
    expect(paths['/v1/zoos/{parentId}/animals'].post.operationId).toBe('createAnimalsOfZoos');
    expect(paths['/v1/zoos/{parentId}/animals/{id}'].get.operationId).toBe('getAnimalsOfZoos');
  });

  it('takes path parameters from the pattern: parentId and id on nested members', () => {
    const { paths } = documentOf();
    expect(paths['/v1/zoos/{id}'].parameters.map((p: Json) => p.name)).toEqual(['id']);
    expect(paths['/v1/zoos/{parentId}/animals'].parameters.map((p: Json) => p.name)).toEqual(['parentId']);
    expect(paths['/v1/zoos/{parentId}/animals/{id}'].parameters.map((p: Json) => [p.name, p.in, p.required])).toEqual([
      ['parentId', 'path', true],
      ['id', 'path', true],
    ]);
  });

  it('mirrors every GET with a HEAD: same parameters, statuses and headers, no bodies', () => {
    const { paths } = documentOf();
    const withGet = Object.entries(paths as Record<string, Json>).filter(([, item]) => item.get);
    expect(withGet.length).toBeGreaterThan(5);
    for (const [path, item] of withGet) {
      const { get, head } = item;
      expect(head, path).toBeDefined();
      expect(head.parameters, path).toEqual(get.parameters);
      expect(head.security, path).toEqual(get.security);
      expect(Object.keys(head.responses), path).toEqual(Object.keys(get.responses));
      for (const [status, response] of Object.entries(head.responses as Record<string, Json>)) {
        expect(response, `${path} ${status}`).not.toHaveProperty('content');
        expect(response.description).toBe(get.responses[status].description);
        expect(response.headers).toEqual(get.responses[status].headers);
      }
    }
    const head = paths['/v1/zoos/{id}'].head;
    expect(head.operationId).toBe('headGetZoos');
    expect(head.summary).toBe('Headers of: Read a record of zoos');
    expect(head.responses['200'].headers.ETag.schema).toEqual({ type: 'string' });
    expect(paths['/v1/zoos/{id}'].get.responses['200'].content['application/json'].schema.anyOf).toEqual([
      { $ref: '#/components/schemas/Zoos' },
      { $ref: '#/components/schemas/ZoosPartial' },
    ]);
  });

  it('declares the oauth2 client-credentials scheme with the token URL and every scope', () => {
    const document = documentOf();
    const scheme = document.components.securitySchemes.oauth2;
    expect(scheme.type).toBe('oauth2');
    expect(scheme.flows.clientCredentials).toEqual({
      tokenUrl,
      scopes: {
        'animals:write': 'Grants the animals:write right',
        'ops:translate': 'Grants the ops:translate right',
        'zoo:read': 'Read zoos and their animals',
        'zoo:write': 'Grants the zoo:write right',
      },
    });
    expect(document.security).toEqual([{ oauth2: [] }]);
  });

  it('asks each operation for the scope it needs', () => {
    const { paths } = documentOf();
    expect(paths['/v1/zoos'].get.security).toEqual([{ oauth2: ['zoo:read'] }]);
    expect(paths['/v1/zoos'].options.security).toEqual([{ oauth2: ['zoo:read'] }]);
    expect(paths['/v1/zoos'].post.security).toEqual([{ oauth2: ['zoo:write'] }]);
    expect(paths['/v1/zoos'].delete.security).toEqual([{ oauth2: ['zoo:write'] }]);
    expect(paths['/v1/zoos/{id}'].patch.security).toEqual([{ oauth2: ['zoo:write'] }]);
    expect(paths['/v1/zoos/{parentId}/animals'].get.security).toEqual([{ oauth2: ['zoo:read'] }]);
    expect(paths['/v1/zoos/{parentId}/animals'].post.security).toEqual([{ oauth2: ['animals:write'] }]);
    expect(paths['/v1/zoos/{parentId}/animals/{id}'].delete.security).toEqual([{ oauth2: ['animals:write'] }]);
    expect(paths['/v1/translate'].get.security).toEqual([{ oauth2: ['ops:translate'] }]);
    // Jobs need a token, but no particular scope.
    expect(paths['/v1/jobs/{id}'].get.security).toEqual([{ oauth2: [] }]);
    expect(Object.keys(paths['/v1/zoos'].get.responses)).toEqual(expect.arrayContaining(['401', '403']));
  });

  it('marks the meta paths public with an empty security list', () => {
    const { paths } = documentOf();
    for (const path of ['/', '/v1', '/v1/errors', '/v1/errors/{code}']) {
      expect(paths[path].get.security, path).toEqual([]);
      expect(paths[path].get.tags, path).toEqual(['meta']);
    }
    expect(paths['/v1/errors/{code}'].parameters).toEqual([
      {
        name: 'code',
        in: 'path',
        required: true,
        description: 'An errorCode',
        schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 999_999 },
      },
    ]);
  });

  it('documents its own public pages: the document, the docs page and its files', () => {
    const { paths } = documentOf();
    for (const path of ['/v1/openapi.json', '/v1/docs', '/v1/docs/{file}']) {
      expect(paths[path].get.security, path).toEqual([]);
      expect(paths[path].get.tags, path).toEqual(['meta']);
    }
    expect(Object.keys(paths['/v1/docs'].get.responses['200'].content)).toEqual(['text/html']);
  });

  it('documents a 500 on every operation', () => {
    const missing = Object.entries(documentOf().paths).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([method]) => method !== 'parameters')
        .filter(([, operation]) => !(operation as Json).responses['500'])
        .map(([method]) => `${method} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('puts the version list at the base path when there is one', () => {
    const { paths } = documentOf(describeVersion({ basePath: '/api', publicUrl: 'https://zoo.example' }));
    expect(paths['/api'].get.operationId).toBe('listVersions');
    expect(paths).toHaveProperty(['/api/v1/zoos/{parentId}/animals']);
    expect(paths).not.toHaveProperty(['/']);
    // The relative server comes first, so a docs page calls the origin it was loaded from.
    expect(documentOf(describeVersion({ publicUrl: 'https://zoo.example' })).servers).toEqual([
      { url: '/', description: expect.any(String), 'x-internal': false },
      { url: 'https://zoo.example', description: expect.any(String), 'x-internal': false },
    ]);
  });

  it('gives each collection record, request-body, patch and page schemas, and bulk ones only to top-level ones', () => {
    const { schemas } = documentOf().components;
    for (const name of [
      'Zoos',
      'ZoosCreate',
      'ZoosReplace',
      'ZoosPatch',
      'ZoosPage',
      'ZoosBulkItem',
      'ZoosBulkResult',
      'Animals',
      'AnimalsCreateNested',
      'AnimalsReplaceNested',
      'AnimalsPatch',
      'AnimalsPage',
    ]) {
      expect(schemas, name).toHaveProperty([name]);
    }
    for (const name of ['AnimalsBulkItem', 'AnimalsBulkResult', 'AnimalsCreate', 'AnimalsReplace'])
      expect(schemas, name).not.toHaveProperty([name]);
    expect(schemas.ZoosBulkResult.required).toEqual(['updated', 'zoos']);
    expect(schemas.ZoosPage.required).toEqual(['limit', 'total', 'zoos', 'links']); // offset: not on a page found by cursor
    expect(schemas.ZoosPage.properties).not.toHaveProperty('totalEstimated');
  });

  it('shows the parent key of a nested-only collection as read-only and set from the path', () => {
    const { schemas } = documentOf().components;
    expect(schemas.Animals.properties.zooId).toEqual({
      type: 'string',
      readOnly: true,
      description: 'Set from the path',
    });
    expect(schemas.Animals.required).toEqual(['id', 'zooId', 'name', 'species', 'links']);
    // On input it may be echoed (not readOnly, which strict validators refuse in requests); it is never required.
    expect(schemas.AnimalsReplaceNested.properties.zooId).toEqual({
      type: 'string',
      maxLength: 255,
      description: expect.stringContaining('from the path'),
    });
    expect(schemas.AnimalsReplaceNested.required).toEqual(['name', 'species']);
    expect(schemas.AnimalsCreateNested.properties).not.toHaveProperty('zooId');
    expect(schemas.AnimalsCreateNested.required).toEqual(['name', 'species']);
  });

  it('documents request bodies as the server takes them', () => {
    const { schemas } = documentOf().components;
    // Create: no id; replace: id and links may be sent back as read, not readOnly.
    expect(schemas.ZoosCreate.properties).not.toHaveProperty('id');
    expect(schemas.ZoosCreate.required).toEqual(['name', 'city', 'visitors']);
    expect(schemas.ZoosReplace.properties.id).toEqual({
      type: 'string',
      maxLength: 255,
      description: expect.any(String),
    });
    expect(schemas.ZoosReplace.properties.links).toMatchObject({ type: 'array', maxItems: 64 });
    expect(schemas.ZoosReplace.properties.links.readOnly).toBeUndefined();
    expect(schemas.ZoosReplace.additionalProperties).toBe(false);
    // Bulk items need their id.
    expect(schemas.ZoosBulkItem.required).toEqual(['id', 'name', 'city', 'visitors']);
    // A merge patch may null only what is optional: every zoo property is required.
    expect(schemas.ZoosPatch.properties.name).toEqual({ type: 'string', minLength: 1 });
    expect(schemas.ZoosPatch).not.toHaveProperty('required');
  });

  it('nulls optional properties only in a merge patch, and gives bulk bodies the enforced maxItems', () => {
    const withOptional = defineCollection({
      name: 'keepers',
      schema: z.object({ name: z.string(), nickname: z.string().optional() }),
    });
    const document = documentOf(describeVersion({ collections: [withOptional], bulkLimit: 250 }));
    expect(document.components.schemas.KeepersPatch.properties.nickname).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
    expect(document.components.schemas.KeepersPatch.properties.name).toEqual({ type: 'string' });
    expect(document.paths['/v1/keepers'].put.requestBody.content['application/json'].schema).toEqual({
      type: 'array',
      maxItems: 250,
      items: { $ref: '#/components/schemas/KeepersBulkItem' },
    });
    expect(document.paths['/v1/keepers'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/KeepersCreate',
    });
  });

  it('lists paging, filter, sort and search parameters, typed from the schema', () => {
    const { paths } = documentOf();
    const list = paths['/v1/zoos'].get;
    expect(parameterNames(list)).toEqual([
      'offset',
      'limit',
      'page',
      'per_page',
      'paging',
      'after',
      'before',
      'city',
      'visitors',
      'fields',
      'sortby',
      'order',
      'query',
      'If-None-Match',
      'Last-Event-ID',
    ]);
    const byName = Object.fromEntries((list.parameters as Json[]).map((p) => [p.name, p]));
    expect(byName.limit.schema).toEqual({ type: 'integer', format: 'int32', minimum: 1, maximum: 50 });
    expect(byName.offset.schema).toEqual({
      type: 'integer',
      format: 'int64',
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
    });
    expect(byName.query.schema).toEqual({ type: 'string', minLength: 1, maxLength: 256 });
    expect(paths['/v1/zoos/{id}'].parameters[0].schema).toEqual({ type: 'string', minLength: 1, maxLength: 255 });
    expect(paths['/v1/zoos/{id}'].put.parameters[0]).toMatchObject({
      name: 'If-Match',
      schema: { type: 'string', maxLength: 8192 },
    });
    expect(byName.per_page.description).toContain('default 10');
    expect(byName.city).toMatchObject({ in: 'query', required: false, schema: { type: 'string' } });
    expect(byName.visitors.schema).toMatchObject({ type: 'integer', minimum: 0 });
    expect(byName.sortby.schema).toEqual({ type: 'string', enum: ['name', 'visitors'] });
    expect(byName.order.schema).toEqual({ type: 'string', enum: ['asc', 'desc'] });
    expect(byName.query.description).toContain('name, city');
    expect(byName.paging.schema).toEqual({ type: 'string', enum: ['offset', 'cursor'] });
    expect(byName.after.schema).toEqual({ type: 'string', maxLength: 2048 });
    expect(byName.fields).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', minItems: 1, items: { type: 'string' } },
    });
    expect(parameterNames(paths['/v1/zoos/{id}'].get)).toEqual(['fields', 'If-None-Match', 'Last-Event-ID']);
  });

  it('gives each declared operator of a filter a parameter of its own, a list for in', () => {
    const ranged = defineCollection({
      name: 'keepers',
      schema: z.object({ age: z.number().int().min(16), grade: z.enum(['a', 'b']) }),
      filters: {
        age: { field: 'age', operators: ['eq', 'gte', 'lt'] },
        grade: { field: 'grade', operators: ['in', 'ne'] },
      },
    });
    const list = documentOf(describeVersion({ collections: [ranged] })).paths['/v1/keepers'].get;
    const filters = (list.parameters as Json[]).filter((p) => p.name.startsWith('age') || p.name.startsWith('grade'));
    expect(filters.map((p) => p.name)).toEqual(['age', 'age[eq]', 'age[gte]', 'age[lt]', 'grade[in]', 'grade[ne]']);
    expect(filters[2]).toMatchObject({
      in: 'query',
      required: false,
      description: 'Only records whose age is at least this value.',
      schema: { type: 'integer', minimum: 16 },
    });
    expect(filters[4]).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', minItems: 1, items: { type: 'string', enum: ['a', 'b'] } },
    });
  });

  it('leaves out sort and search parameters a collection does not offer', () => {
    const list = documentOf().paths['/v1/zoos/{parentId}/animals'].get;
    expect(parameterNames(list)).toEqual([
      'offset',
      'limit',
      'page',
      'per_page',
      'paging',
      'after',
      'before',
      'species',
      'fields',
      'If-None-Match',
      'Last-Event-ID',
    ]);
    expect(list.parameters[7].schema).toEqual({ type: 'string', enum: ['lion', 'zebra', 'penguin'] });
  });

  it('describes an operation by its query schema and result schema', () => {
    const get = documentOf().paths['/v1/translate'].get;
    expect(get).toMatchObject({
      tags: ['operations'],
      operationId: 'translate',
      summary: 'Translate',
      description: 'Translates an animal name.',
    });
    expect(get.parameters).toEqual([
      {
        name: 'text',
        in: 'query',
        required: true,
        description: 'Word to translate',
        schema: { type: 'string', description: 'Word to translate' },
      },
      { name: 'to', in: 'query', required: true, schema: { type: 'string', enum: ['de', 'fr'] } },
    ]);
    expect(get.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { translation: { type: 'string' }, language: { type: 'string', enum: ['de', 'fr'] } },
      required: ['translation', 'language'],
    });
  });

  it('throws when the API checks tokens but no tokenUrl is given', () => {
    expect(() => openApiDocument(describeVersion())).toThrow(/tokenUrl/);
    expect(() => openApiDocument(describeVersion(), { scopeDescriptions: {} })).toThrow(/tokenUrl/);
  });

  it('has no security at all for an open API', () => {
    const document = documentOf(describeVersion({ auth: undefined }), {});
    expect(document).not.toHaveProperty('security');
    expect(document.components).not.toHaveProperty('securitySchemes');
    expect(document.paths['/v1/zoos'].get).not.toHaveProperty('security');
    expect(Object.keys(document.paths['/v1/zoos'].get.responses)).not.toContain('401');
    expect(document.paths['/v1/jobs/{id}'].get).not.toHaveProperty('security');
  });

  it('takes the description and contact from the options', () => {
    const document = documentOf(describeVersion(), {
      tokenUrl,
      description: 'Animals and where they live.',
      contact: { name: 'Zoo team', email: 'zoo@example.com' },
    });
    expect(document.info).toEqual({
      title: 'Zoo',
      version: 'v1',
      description: 'Animals and where they live.',
      contact: { name: 'Zoo team', email: 'zoo@example.com' },
    });
  });

  it('documents totalEstimated on the pages of a collection whose totals may be estimates', () => {
    const estimated = documentOf(describeVersion({ collections: [zoos.with({ count: { estimateAbove: 10_000 } })] }));
    expect(estimated.components.schemas.ZoosPage.properties.totalEstimated).toEqual({
      type: 'boolean',
      const: true,
      description: expect.stringContaining('more than 10000'),
    });
    expect(estimated.components.schemas.ZoosPage.required).not.toContain('totalEstimated');
  });

  it('picks up one more declared collection: its paths, schemas and tag appear and nothing else changes', () => {
    const keepers: AnyCollection = defineCollection({
      name: 'keepers',
      schema: z.object({ name: z.string(), zooId: z.string() }),
      filters: { zoo_id: 'zooId' },
      sortable: ['name'],
      scopes: { read: 'zoo:read', write: 'zoo:write' },
    });
    const before = documentOf();
    const after = documentOf(describeVersion({ collections: [zoos, animals, keepers] }));

    const addedPaths = Object.keys(after.paths).filter((path) => !(path in before.paths));
    expect(addedPaths.sort()).toEqual(['/v1/keepers', '/v1/keepers/{id}']);
    expect(after.paths['/v1/keepers'].get.security).toEqual([{ oauth2: ['zoo:read'] }]);
    expect(parameterNames(after.paths['/v1/keepers'].get)).toEqual([
      'offset',
      'limit',
      'page',
      'per_page',
      'paging',
      'after',
      'before',
      'zoo_id',
      'fields',
      'sortby',
      'order',
      'If-None-Match',
      'Last-Event-ID',
    ]);

    const addedSchemas = Object.keys(after.components.schemas).filter((name) => !(name in before.components.schemas));
    expect(addedSchemas.sort()).toEqual([
      'Keepers',
      'KeepersBulkItem',
      'KeepersBulkResult',
      'KeepersChange',
      'KeepersCreate',
      'KeepersPage',
      'KeepersPartial',
      'KeepersPartialPage',
      'KeepersPatch',
      'KeepersReplace',
    ]);

    const without = (record: Json, keys: string[]) =>
      Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
    expect(without(after.paths, addedPaths)).toEqual(before.paths);
    expect(without(after.components.schemas, addedSchemas)).toEqual(before.components.schemas);
    expect(after.tags.filter((t: Json) => t.name !== 'keepers')).toEqual(before.tags);
    expect(without(after, ['paths', 'components', 'tags'])).toEqual(without(before, ['paths', 'components', 'tags']));
    expect(after.components.securitySchemes).toEqual(before.components.securitySchemes);
  });
});

describe('openApiDocument: relations and expand', () => {
  const keepers = defineCollection({ name: 'keepers', schema: z.object({ name: z.string() }) });
  const pens = defineCollection({ name: 'pens', schema: z.object({ label: z.string() }) });
  const lions = defineCollection({
    name: 'lions',
    schema: z.object({ name: z.string(), penId: z.string(), keeperId: z.string().optional() }),
    parent: { collection: pens, field: 'penId', relation: 'pen', inverse: 'lions' },
    relations: { keeper: { collection: keepers, field: 'keeperId' } },
  });
  const document = (expand?: ApiOptions['expand']) =>
    documentOf(versionOf({ title: 'Zoo', collections: [pens, lions, keepers], ...(expand ? { expand } : {}) }));

  it('describes expand on reads of a collection with relations, listing every chain up to the depth limit', () => {
    const { paths } = document();
    const expand = (operation: Json): Json => (operation.parameters as Json[]).find((p) => p.name === 'expand') as Json;
    expect(expand(paths['/v1/lions'].get)).toMatchObject({
      in: 'query',
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { enum: ['pen', 'pen.lions', 'keeper'] } },
    });
    expect(expand(paths['/v1/lions/{id}'].get).schema.items.enum).toEqual(['pen', 'pen.lions', 'keeper']);
    expect(expand(paths['/v1/pens'].get).schema.items.enum).toEqual(['lions', 'lions.pen', 'lions.keeper']);
    expect(expand(paths['/v1/pens/{parentId}/lions'].get).schema.items.enum).toEqual(['pen', 'pen.lions', 'keeper']);
    // Nothing to expand: no parameter.
    expect(expand(paths['/v1/keepers'].get)).toBeUndefined();
    expect(expand(document({ maxDepth: 1 }).paths['/v1/pens'].get).schema.items.enum).toEqual(['lions']);
  });

  it('lets a record as read hold what expansions embed: a record or null, or a page', () => {
    const { schemas } = document().components;
    expect(schemas.Lions.properties.pen).toMatchObject({
      anyOf: [{ $ref: '#/components/schemas/Pens' }, { type: 'null' }],
      readOnly: true,
    });
    expect(schemas.Lions.properties.keeper.anyOf[0]).toEqual({ $ref: '#/components/schemas/Keepers' });
    expect(schemas.Pens.properties.lions).toMatchObject({ $ref: '#/components/schemas/LionsPage', readOnly: true });
    // Never required: only an expansion adds them.
    expect(schemas.Lions.required).not.toContain('pen');
    expect(schemas.Keepers.properties).not.toHaveProperty('lions');
  });
});
