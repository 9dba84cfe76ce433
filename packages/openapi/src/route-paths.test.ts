import { defineCollection, defineOperation, servedAnswers, serverAnswers, type DocumentedRoute } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument } from './index.js';
import { refuseAll, versionOf } from './testing/version-of.js';

type Json = Record<string, any>;

// Anyone with a token may write notes: the collection names no write scope.
const notes = defineCollection({
  name: 'notes',
  schema: z.object({ text: z.string() }),
  scopes: { read: 'notes:read' },
});
const quote = defineOperation({
  name: 'quote',
  method: 'POST',
  scope: 'shop:quote',
  query: z.object({ currency: z.enum(['EUR', 'CHF']).optional() }),
  body: z.strictObject({ items: z.array(z.object({ sku: z.string(), quantity: z.int().min(1) })) }),
  result: z.object({ total: z.number() }),
  handler: ({ body }) => ({ total: body.items.length }),
});
const version = versionOf({ title: 'Shop', collections: [notes], operations: [quote], auth: refuseAll });
const documentOf = (routes: readonly DocumentedRoute[] = version.routes): Json =>
  openApiDocument({ ...version, routes }, { tokenUrl: '/token' }) as Json;

describe('paths from the route table', () => {
  it('documents exactly the routes of the table: one taken out of it is gone from the document', () => {
    const full = documentOf();
    expect(full.paths['/v1/notes/{id}'].delete.operationId).toBe('deleteNotes');
    const without = documentOf(version.routes.filter((r) => !(r.method === 'DELETE' && r.pattern === '/notes/:id')));
    expect(without.paths['/v1/notes/{id}']).not.toHaveProperty('delete');
    expect(Object.keys(without.paths['/v1/notes/{id}']).sort()).toEqual([
      'get',
      'head',
      'options',
      'parameters',
      'patch',
      'put',
    ]);
    // A path none of whose routes is left disappears altogether.
    expect(documentOf(version.routes.filter((r) => r.pattern !== '/notes')).paths).not.toHaveProperty(['/v1/notes']);
  });

  it("takes each operation's security from its route's access: a scope, any token, or none", () => {
    const { paths } = documentOf();
    expect(paths['/v1/notes'].get.security).toEqual([{ oauth2: ['notes:read'] }]);
    // No write scope declared: any valid token may write, and the document says so.
    expect(paths['/v1/notes'].post.security).toEqual([{ oauth2: [] }]);
    expect(paths['/v1/notes/{id}'].patch.security).toEqual([{ oauth2: [] }]);
    expect(paths['/v1/quote'].post.security).toEqual([{ oauth2: ['shop:quote'] }]);
    expect(paths['/v1/errors'].get.security).toEqual([]);
    // A route the table marks public is documented public, with no 401 or 403.
    const opened = documentOf(
      version.routes.map((r) =>
        r.pattern === '/notes/:id' && r.method === 'GET' ? { ...r, access: 'public' as const } : r,
      ),
    );
    expect(opened.paths['/v1/notes/{id}'].get.security).toEqual([]);
    expect(Object.keys(opened.paths['/v1/notes/{id}'].get.responses)).not.toContain('401');
    expect(Object.keys(opened.paths['/v1/notes/{id}'].put.responses)).toContain('401');
  });

  it('documents a POST operation: query parameters, the JSON body, the body errors and the result as the 200', () => {
    const item = documentOf().paths['/v1/quote'];
    expect(Object.keys(item)).toEqual(['post']);
    const { post } = item;
    expect(post.parameters).toEqual([
      { name: 'currency', in: 'query', required: false, schema: { type: 'string', enum: ['EUR', 'CHF'] } },
    ]);
    expect(post.requestBody.required).toBe(true);
    expect(post.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['items'],
      additionalProperties: false,
    });
    expect(post.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { total: { type: 'number' } },
    });
    expect(Object.keys(post.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '406',
      '408',
      '413',
      '415',
      '422',
      '500',
      '503',
    ]);
  });

  it("takes each operation's answers from what its route declares, with what the pipeline adds", () => {
    const { paths } = documentOf();
    const pathOf = (pattern: string) => (pattern === '/' ? '/v1' : `/v1${pattern.replace(/:(\w+)/g, '{$1}')}`);
    for (const route of version.routes) {
      const responses = paths[pathOf(route.pattern)][route.method.toLowerCase()].responses;
      // With what the server answers before any route (a 408), on every operation.
      expect(Object.keys(responses), `${route.method} ${route.pattern}`).toEqual(
        Object.keys({ ...servedAnswers(route, true), ...serverAnswers }),
      );
    }
    // A status a route stops declaring leaves the document; one it starts declaring enters it.
    const changed = documentOf(
      version.routes.map((r) =>
        r.method === 'DELETE' && r.pattern === '/notes/:id'
          ? { ...r, answers: { ...r.answers, errors: [...r.answers.errors.filter((s) => s !== 409), 418] } }
          : r,
      ),
    );
    expect(paths['/v1/notes/{id}'].delete.responses).toHaveProperty('409');
    expect(changed.paths['/v1/notes/{id}'].delete.responses).not.toHaveProperty('409');
    expect(changed.paths['/v1/notes/{id}'].delete.responses['418'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SimpleError',
    });
  });
});
