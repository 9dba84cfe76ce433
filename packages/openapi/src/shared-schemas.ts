import type { JsonSchema } from './json-schema.js';

/** Schemas every Corral API shares: links, error bodies, jobs, root document, version list. */
export const sharedSchemas: Record<string, JsonSchema> = {
  Link: {
    type: 'object',
    description: 'A link to a related resource. Follow `href` instead of building URLs.',
    // Bounded, as every string a client may send back is (a record's links may be echoed in a PUT).
    properties: {
      rel: { type: 'string', maxLength: 200 },
      href: { type: 'string', maxLength: 2048 },
      title: { type: 'string', maxLength: 1000 },
      type: { type: 'string', maxLength: 200 },
    },
    required: ['rel', 'href'],
  },
  DetailedError: {
    type: 'object',
    description: 'Body of 400 and 422 answers.',
    properties: {
      message: { type: 'string', description: 'What is wrong and which values are valid.' },
      errorCode: { type: 'integer', description: 'Stable code; its page is at additionalInformation.' },
      additionalInformation: { type: 'string', description: 'URL of the page describing errorCode.' },
      errors: { type: 'array', items: { $ref: '#/components/schemas/FieldError' } },
    },
    required: ['message', 'errorCode', 'additionalInformation'],
    additionalProperties: false,
  },
  FieldError: {
    type: 'object',
    properties: { field: { type: 'string' }, message: { type: 'string' } },
    required: ['field', 'message'],
    additionalProperties: false,
  },
  AuthError: {
    type: 'object',
    description: 'Body of 401 and 403 answers.',
    properties: { message: { type: 'string' }, documentation_url: { type: 'string' } },
    required: ['message', 'documentation_url'],
    additionalProperties: false,
  },
  SimpleError: {
    type: 'object',
    description: 'Body of every other error answer.',
    properties: { error: { type: 'string' } },
    required: ['error'],
    additionalProperties: false,
  },
  Options: {
    type: 'object',
    description: 'What a caller may do with a path, and which properties it may change.',
    properties: {
      allow: { type: 'array', items: { type: 'string' } },
      writable: { type: 'array', items: { type: 'string' } },
      readOnly: { type: 'array', items: { type: 'string' } },
    },
    required: ['allow', 'writable', 'readOnly'],
    additionalProperties: false,
  },
  JobAccepted: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] },
      links: { type: 'array', items: { $ref: '#/components/schemas/Link' } },
    },
    required: ['id', 'status', 'links'],
  },
  Job: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] },
      createdAt: { type: 'string', format: 'date-time' },
      finishedAt: { type: 'string', format: 'date-time' },
      result: { type: 'object', properties: { status: { type: 'integer' }, body: {} }, required: ['status'] },
      links: { type: 'array', items: { $ref: '#/components/schemas/Link' } },
    },
    required: ['id', 'status', 'createdAt', 'links'],
  },
  RootDocument: {
    type: 'object',
    properties: {
      link: { $ref: '#/components/schemas/Link' },
      links: { type: 'array', items: { $ref: '#/components/schemas/Link' } },
    },
    patternProperties: { _url$: { type: 'string' } },
    required: ['link', 'links'],
  },
  VersionList: {
    type: 'object',
    properties: {
      versions: {
        type: 'array',
        items: {
          type: 'object',
          properties: { version: { type: 'string' }, href: { type: 'string' } },
          required: ['version', 'href'],
        },
      },
    },
    required: ['versions'],
  },
  ErrorCode: {
    type: 'object',
    properties: {
      errorCode: { type: 'integer' },
      name: { type: 'string' },
      status: { type: 'integer' },
      title: { type: 'string' },
      description: { type: 'string' },
    },
    required: ['errorCode', 'name', 'status', 'title', 'description'],
  },
  ErrorCodeList: {
    type: 'object',
    properties: {
      errorCodes: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            code: { type: 'integer' },
            status: { type: 'integer' },
            title: { type: 'string' },
            description: { type: 'string' },
          },
          required: ['name', 'code', 'status'],
        },
      },
    },
    required: ['errorCodes'],
  },
};
