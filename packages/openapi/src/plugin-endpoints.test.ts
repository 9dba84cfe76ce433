import {
  createApi,
  defineCollection,
  silentLogger,
  type ApiPlugin,
  type NamedSchema,
  type PluginEndpoint,
  type RouteDocs,
} from '@corral/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApi } from './index.js';
import { refuseAll } from './testing/version-of.js';

type Json = Record<string, any>;

const notes = defineCollection({
  name: 'notes',
  schema: z.object({ text: z.string() }),
  scopes: { read: 'notes:read', write: 'notes:write' },
});

const reminder: NamedSchema = { name: 'Reminder', schema: { type: 'object', properties: { at: { type: 'string' } } } };
const reminderPage: NamedSchema = {
  name: 'ReminderPage',
  schema: { type: 'object', properties: { reminders: { type: 'array' } } },
};

/** A plugin serving endpoints of its own, as the webhooks plugin does. */
const reminders: ApiPlugin = {
  name: 'reminders',
  endpoints: (): PluginEndpoint[] => [
    {
      method: 'POST',
      path: '/reminders',
      access: { scope: 'reminders:write' },
      about: {
        name: 'createReminder',
        summary: 'Set a reminder',
        body: { description: 'When to remind', schema: reminder },
        headers: { 'X-Channel': { description: 'Where to remind', schema: { type: 'string' } } },
      },
      answers: {
        success: {
          201: {
            description: 'The reminder',
            schema: reminder,
            headers: { Location: { description: 'Its URL', schema: { type: 'string' }, required: true } },
          },
        },
        errors: [413, 422],
      },
      handler: async () => ({ status: 201, headers: { location: '/v1/reminders/1' }, body: '{}' }),
    },
    {
      method: 'GET',
      path: '/reminders/:id/history',
      access: 'authenticated',
      checksQuery: true,
      about: { name: 'reminderHistory', summary: 'What a reminder did', paged: true, pathParameters: { id: 'Its id' } },
      answers: { success: { 200: { description: 'A page', schema: reminderPage } }, errors: [404] },
      handler: async () => ({ status: 200, headers: {}, body: '{}' }),
    },
    {
      method: 'DELETE',
      path: '/reminders/:id',
      access: { scope: 'reminders:write' },
      answers: { success: { 204: { description: 'Gone' } }, errors: [404] },
      handler: async () => ({ status: 204, headers: {} }),
    },
  ],
};

/** Rate limits and CORS as a plugin's describeRoute says them, on every route. */
const limited: RouteDocs = {
  responseHeaders: { RateLimit: { description: 'Requests left', schema: { type: 'string' } } },
  responses: { 429: { description: 'Too many requests' } },
  preflight: { status: 204, description: 'A CORS preflight' },
};
const limits: ApiPlugin = { name: 'limits', describeRoute: () => limited };

async function documentOf(plugins: ApiPlugin[]): Promise<Json> {
  const api = createApi({
    collections: [notes],
    auth: refuseAll,
    plugins: [limits, ...plugins],
    logger: silentLogger,
  });
  const response = await api.fetch(new Request('http://x/v1/openapi.json'));
  return (await response.json()) as Json;
}

describe('plugin endpoints in the OpenAPI document', () => {
  // The openapi plugin comes before the plugin serving the endpoints: the order must not matter.
  const document = documentOf([openApi({ tokenUrl: 'https://issuer.test/token' }), reminders]);

  it('documents each endpoint with its method, name, body, security and own answers', async () => {
    const { paths, components } = await document;
    const create = paths['/v1/reminders'].post;
    expect(create).toMatchObject({ tags: ['reminders'], operationId: 'createReminder', summary: 'Set a reminder' });
    expect(create.security).toEqual([{ oauth2: ['reminders:write'] }]);
    expect(create.requestBody).toEqual({
      required: true,
      description: 'When to remind',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Reminder' } } },
    });
    expect(create.parameters.map((p: Json) => [p.name, p.in])).toEqual([['X-Channel', 'header']]);
    expect(create.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Reminder',
    });
    expect(create.responses['201'].headers.Location.required).toBe(true);
    expect(components.schemas.Reminder).toEqual(reminder.schema);
    expect(components.schemas.ReminderPage).toEqual(reminderPage.schema);
    // The endpoint's scope is one the token URL grants.
    expect(components.securitySchemes.oauth2.flows.clientCredentials.scopes).toHaveProperty('reminders:write');
  });

  it("adds the pipeline's answers with the API's error bodies, and what other plugins document", async () => {
    const { paths } = await document;
    const responses = paths['/v1/reminders'].post.responses;
    expect(Object.keys(responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '408', '413', '422', '429', '500', '503']),
    );
    expect(responses['422'].content['application/json'].schema.$ref).toBe('#/components/schemas/DetailedError');
    expect(responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/AuthError');
    expect(responses['401'].headers).toHaveProperty('WWW-Authenticate');
    for (const status of ['201', '422', '429']) expect(responses[status].headers, status).toHaveProperty('RateLimit');
    expect(paths['/v1/reminders'].options.responses['204']).toBeDefined();
  });

  it('names path parameters, pages with the offset parameters, and mirrors a GET as HEAD', async () => {
    const { paths } = await document;
    const item = paths['/v1/reminders/{id}/history'];
    expect(item.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true, description: 'Its id' }),
    ]);
    expect(item.get.parameters.map((p: Json) => p.name)).toEqual(['offset', 'limit', 'page', 'per_page']);
    expect(item.get.security).toEqual([{ oauth2: [] }]);
    expect(Object.keys(item.get.responses)).toEqual(expect.arrayContaining(['200', '404']));
    expect(item.head.responses['200'].content).toBeUndefined();
  });

  it('names an endpoint that says nothing of itself by its method and path', async () => {
    const { paths, tags } = await document;
    const remove = paths['/v1/reminders/{id}'].delete;
    expect(remove).toMatchObject({ operationId: 'deleteRemindersId', summary: 'Gone', tags: ['reminders'] });
    expect(remove.requestBody).toBeUndefined();
    expect(remove.responses['204'].content).toBeUndefined();
    expect(tags).toContainEqual({ name: 'reminders', description: 'Routes the reminders plugin serves' });
  });

  it('refuses two different schemas under one name, and a name the document already uses', () => {
    const clash = (schema: NamedSchema): ApiPlugin => ({
      name: 'clash',
      endpoints: (): PluginEndpoint[] => [
        {
          method: 'GET',
          path: '/clash',
          access: 'public',
          answers: { success: { 200: { description: 'It', schema } }, errors: [] },
          handler: async () => ({ status: 200, headers: {}, body: '{}' }),
        },
      ],
    });
    const make = (schema: NamedSchema) => () =>
      createApi({ collections: [notes], plugins: [openApi(), reminders, clash(schema)], logger: silentLogger });
    expect(make({ name: 'Reminder', schema: { type: 'string' } })).toThrow(
      /two different schemas are named "Reminder"/,
    );
    expect(make({ name: 'Notes', schema: { type: 'string' } })).toThrow(/two different schemas are named "Notes"/);
    expect(make(reminder)).not.toThrow();
  });
});
