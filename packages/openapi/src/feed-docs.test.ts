// What the document says of feeds: every list and record GET also answers text/event-stream with the
// events' schema and takes Last-Event-ID; reads and writes give the position in Last-Event-ID.
import { defineCollection } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument } from './index.js';
import { refuseAll, versionOf } from './testing/version-of.js';

const zoos = defineCollection({
  name: 'zoos',
  schema: z.object({ name: z.string(), city: z.string() }),
  scopes: { read: 'zoo:read', write: 'zoo:write' },
});
const animals = defineCollection({
  name: 'animals',
  schema: z.object({ name: z.string(), zooId: z.string() }),
  parent: { collection: zoos, field: 'zooId' },
  scopes: { read: 'zoo:read', write: 'zoo:write' },
});

type Json = Record<string, any>;
const document = openApiDocument(versionOf({ title: 'Zoo', collections: [zoos, animals], auth: refuseAll }), {
  tokenUrl: 'https://auth.example/token',
}) as Json;
const { paths, components } = document;
const reads = ['/v1/zoos', '/v1/zoos/{id}', '/v1/animals', '/v1/animals/{id}', '/v1/zoos/{parentId}/animals'];

describe('the feeds the document describes', () => {
  it('gives every list and record GET a text/event-stream answer whose events are described', () => {
    for (const path of reads) {
      const stream = paths[path].get.responses['200'].content['text/event-stream'];
      expect(stream, path).toBeDefined();
      const name = path.includes('animals') ? 'Animals' : 'Zoos';
      expect(stream.schema.oneOf).toEqual([
        { $ref: `#/components/schemas/${name}Change` },
        { $ref: '#/components/schemas/FeedReset' },
        { $ref: '#/components/schemas/FeedExpired' },
      ]);
      // The JSON answer stays as it was, first.
      expect(Object.keys(paths[path].get.responses['200'].content)[0], path).toBe('application/json');
    }
  });

  it('describes a change event: its fields, the record as read, none of it on the HEAD', () => {
    const change = components.schemas.ZoosChange;
    expect(change.required).toEqual(['type', 'collection', 'id', 'version', 'etag', 'at', 'matches']);
    expect(change.properties.type.enum).toEqual(['created', 'updated', 'deleted']);
    expect(change.properties.collection.enum).toEqual(['zoos']);
    expect(change.properties.at).toMatchObject({ type: 'string', format: 'date-time' });
    expect(change.properties.matches.type).toBe('boolean');
    expect(change.properties.record.anyOf).toEqual([
      { $ref: '#/components/schemas/Zoos' },
      { $ref: '#/components/schemas/ZoosPartial' },
    ]);
    expect(components.schemas.FeedReset.required).toEqual(['type', 'reason']);
    expect(components.schemas.FeedExpired.properties.type.enum).toEqual(['expired']);
    expect(paths['/v1/zoos'].head.responses['200'].content).toBeUndefined();
  });

  it('takes Last-Event-ID on list and record GETs, and gives it on their answers and on writes', () => {
    for (const path of reads) {
      const names = (paths[path].get.parameters as Json[]).map((p) => `${p.in} ${p.name}`);
      expect(names, path).toContain('header Last-Event-ID');
      for (const status of ['200', '304'])
        expect(paths[path].get.responses[status].headers['Last-Event-ID'], `${path} ${status}`).toBeDefined();
      expect(paths[path].head.responses['200'].headers['Last-Event-ID'], path).toBeDefined();
    }
    const written = [
      paths['/v1/zoos'].post.responses['201'],
      paths['/v1/zoos/{id}'].put.responses['200'],
      paths['/v1/zoos/{id}'].patch.responses['200'],
      paths['/v1/zoos/{id}'].delete.responses['204'],
    ];
    for (const answer of written) expect(answer.headers['Last-Event-ID']).toBeDefined();
    // A job accepted has changed nothing yet; an error carries no position.
    expect(paths['/v1/zoos'].delete.responses['202'].headers['Last-Event-ID']).toBeUndefined();
    expect(paths['/v1/zoos/{id}'].get.responses['404'].headers?.['Last-Event-ID']).toBeUndefined();
    expect(paths['/v1/zoos'].post.parameters?.some((p: Json) => p.name === 'Last-Event-ID')).toBeFalsy();
  });
});
