// What the document says of answers beyond their bodies: partial records for ?fields=, the
// headers every answer carries and those that always come (required), the challenge on auth
// refusals, 408, and the CORS preflight on every path, those without an OPTIONS route too.
import { cors, defineCollection, defineSearch } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument } from './index.js';
import { refuseAll, versionOf } from './testing/version-of.js';

const zoos = defineCollection({
  name: 'zoos',
  schema: z.object({ name: z.string(), city: z.string() }),
  searchable: ['name'],
  scopes: { read: 'zoo:read', write: 'zoo:write' },
});

type Json = Record<string, any>;

function documentOf(plugins = [cors({ origins: ['https://app.example'] })]): Json {
  const version = versionOf({
    title: 'Zoo',
    collections: [zoos],
    operations: [defineSearch({ collections: [zoos] })],
    auth: refuseAll,
    plugins,
  });
  return openApiDocument(version, { tokenUrl: 'https://auth.example/token' }) as Json;
}

const operations = (document: Json) =>
  Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => method !== 'parameters')
      .map(([method, operation]) => ({ at: `${method} ${path}`, operation: operation as Json })),
  );

describe('the answers the document describes', () => {
  const document = documentOf();
  const { paths, components } = document;

  it('describes the partial records ?fields= gives on reads: only id and links always come', () => {
    expect(components.schemas.ZoosPartial.required).toEqual(['id', 'links']);
    expect(components.schemas.ZoosPartial.properties).toEqual(components.schemas.Zoos.properties);
    expect(components.schemas.ZoosPartialPage.properties.zoos.items).toEqual({
      $ref: '#/components/schemas/ZoosPartial',
    });
    const schemaOf = (path: string) => paths[path].get.responses['200'].content['application/json'].schema;
    expect(schemaOf('/v1/zoos').anyOf).toEqual([
      { $ref: '#/components/schemas/ZoosPage' },
      { $ref: '#/components/schemas/ZoosPartialPage' },
    ]);
    expect(schemaOf('/v1/zoos/{id}').anyOf[1]).toEqual({ $ref: '#/components/schemas/ZoosPartial' });
    // Writes answer whole records: they take no fields.
    expect(paths['/v1/zoos'].post.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Zoos',
    });
  });

  it('names X-Request-Id, required, on every answer, and 408 on every operation', () => {
    for (const { at, operation } of operations(document)) {
      expect(operation.responses['408'], at).toBeDefined();
      for (const [status, response] of Object.entries(operation.responses as Json))
        expect(response.headers?.['X-Request-Id']?.required, `${at} ${status}`).toBe(true);
    }
  });

  it('marks required the headers that always come: ETag, Location, Allow, Preference-Applied', () => {
    expect(paths['/v1/zoos/{id}'].get.responses['200'].headers.ETag.required).toBe(true);
    expect(paths['/v1/zoos'].post.responses['201'].headers.Location.required).toBe(true);
    expect(paths['/v1/zoos'].options.responses['200'].headers.Allow.required).toBe(true);
    const accepted = paths['/v1/zoos'].delete.responses['202'].headers;
    expect([accepted.Location.required, accepted['Preference-Applied'].required]).toEqual([true, true]);
    expect(paths['/v1/jobs/{id}'].get.responses['200'].headers['Retry-After'].required).toBeUndefined();
    expect(paths['/v1/zoos'].get.responses['401'].headers['WWW-Authenticate'].required).toBe(true);
    expect(paths['/v1/zoos'].get.responses['403'].headers['WWW-Authenticate']).toBeDefined();
    expect(paths['/v1/zoos'].get.responses['400'].headers['WWW-Authenticate']).toBeDefined();
  });

  it('documents the CORS preflight on every path: a 204 on OPTIONS operations, an OPTIONS operation elsewhere', () => {
    for (const [path, item] of Object.entries(paths as Json)) {
      const preflight = item.options?.responses['204'];
      expect(preflight, path).toBeDefined();
      expect(preflight.headers['Access-Control-Allow-Methods'], path).toBeDefined();
      expect(preflight.headers.Vary, path).toBeDefined();
    }
    const search = paths['/v1/search'].options;
    expect(search.security).toEqual([]);
    expect(search.responses['405'].headers.Allow.required).toBe(true);
    // The collection's own OPTIONS keeps its answer and gains the preflight's.
    expect(paths['/v1/zoos'].options.responses['200'].content).toBeDefined();
    const ids = operations(document).map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('adds no OPTIONS operation without a plugin answering preflights', () => {
    expect(documentOf([]).paths['/v1/search'].options).toBeUndefined();
  });
});
