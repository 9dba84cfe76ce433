import { createApi, defineCollection, silentLogger, type ApiPlugin, type RouteDocs } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApi } from './index.js';
import { withRouteDocs } from './route-docs.js';

type Json = Record<string, any>;

const limited: RouteDocs = {
  responseHeaders: { RateLimit: { description: 'Requests left in the window', schema: { type: 'string' } } },
  responses: {
    429: {
      description: 'Too many requests',
      headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
    },
  },
};
const idempotent: RouteDocs = {
  requestHeaders: {
    'Idempotency-Key': { description: 'Makes a retried POST safe', schema: { type: 'string', maxLength: 255 } },
  },
  responses: { 422: { description: 'The key was used with another body' } },
};

describe('withRouteDocs', () => {
  const operation = {
    parameters: [{ name: 'If-Match', in: 'header' }],
    responses: {
      201: { description: 'Created', headers: { Location: { schema: { type: 'string' } } } },
      422: {
        description: 'Validation failed',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/DetailedError' } } },
      },
    },
  };

  it('leaves an operation no plugin documents as it is', () => {
    expect(withRouteDocs(operation, [])).toBe(operation);
  });

  it('adds request headers as parameters, answers with the simple error body, and response headers on every answer', () => {
    const documented = withRouteDocs(operation, [limited, idempotent]) as Json;
    expect(documented.parameters).toEqual([
      { name: 'If-Match', in: 'header' },
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Makes a retried POST safe',
        schema: { type: 'string', maxLength: 255 },
      },
    ]);
    expect(documented.responses['429']).toEqual({
      description: 'Too many requests',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/SimpleError' } } },
      headers: {
        'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
        RateLimit: { description: 'Requests left in the window', schema: { type: 'string' } },
      },
    });
    expect(Object.keys(documented.responses['201'].headers)).toEqual(['Location', 'RateLimit']);
    // A status the operation already has keeps its body; the plugin's reason is added.
    expect(documented.responses['422'].content).toEqual(operation.responses[422].content);
    expect(documented.responses['422'].description).toBe('Validation failed; or: The key was used with another body');
    // The operation given is not changed.
    expect(operation.parameters).toHaveLength(1);
    expect(Object.keys(operation.responses[201].headers)).toEqual(['Location']);
  });
});

describe('route documentation of other plugins in the document', () => {
  const notes = defineCollection({ name: 'notes', schema: z.object({ text: z.string() }) });
  const describer: ApiPlugin = {
    name: 'limits',
    describeRoute: (route) =>
      route.kind === 'create'
        ? { ...limited, ...idempotent, responses: { ...limited.responses, ...idempotent.responses } }
        : route.kind === 'list'
          ? limited
          : undefined,
  };

  it('shows each route with what the plugins say about it, and HEAD mirrors GET', async () => {
    const api = createApi({ collections: [notes], plugins: [describer, openApi()], logger: silentLogger });
    const { paths } = (await (await api.fetch(new Request('http://x/v1/openapi.json'))).json()) as Json;
    expect(paths['/v1/notes'].post.parameters.map((p: Json) => p.name)).toEqual(['Idempotency-Key']);
    expect(paths['/v1/notes'].post.responses['429'].headers).toHaveProperty('Retry-After');
    expect(paths['/v1/notes'].post.responses['201'].headers).toHaveProperty('RateLimit');
    expect(paths['/v1/notes'].get.responses['429']).toBeDefined();
    expect(paths['/v1/notes'].head.responses['429'].headers).toHaveProperty('RateLimit');
    expect(paths['/v1/notes/{id}'].get.responses).not.toHaveProperty('429');
  });

  it('documents the pages outside the route table (version list, document, docs page) as the root document', async () => {
    const everywhere: ApiPlugin = {
      name: 'cors',
      describeRoute: (route) => (route.kind === 'root' || route.kind === 'list' ? limited : undefined),
    };
    const api = createApi({ collections: [notes], plugins: [everywhere, openApi()], logger: silentLogger });
    const { paths } = (await (await api.fetch(new Request('http://x/v1/openapi.json'))).json()) as Json;
    for (const page of ['/', '/v1/openapi.json', '/v1/docs'])
      expect(paths[page].get.responses['429'], page).toBeDefined();
    expect(paths['/v1/docs/{file}'].parameters.map((p: Json) => p.name)).toEqual(['file']);
  });
});
