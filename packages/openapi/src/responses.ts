import { ref, type JsonSchema } from './json-schema.js';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** Descriptions and bodies of the error answers Corral can give, by status. */
const errors: Record<number, { description: string; schema: string }> = {
  400: { description: 'Bad request: an invalid parameter or body', schema: 'DetailedError' },
  401: { description: 'No valid access token', schema: 'AuthError' },
  403: { description: 'The token does not allow this', schema: 'AuthError' },
  404: { description: 'Not found', schema: 'SimpleError' },
  406: { description: 'The Accept header excludes application/json', schema: 'SimpleError' },
  409: { description: 'Other records still refer to this one (e.g. a zoo that has animals)', schema: 'SimpleError' },
  410: { description: 'The record was deleted', schema: 'SimpleError' },
  412: { description: 'If-Match does not match the current ETag; nothing changed', schema: 'SimpleError' },
  413: { description: 'The body is too large', schema: 'SimpleError' },
  415: { description: 'The body is not application/json', schema: 'SimpleError' },
  422: { description: 'Validation failed; errors lists each field', schema: 'DetailedError' },
  428: { description: 'This collection requires If-Match', schema: 'SimpleError' },
  500: { description: 'Server error', schema: 'SimpleError' },
  503: {
    description:
      'The service cannot take the request now (a database away, too many jobs waiting); try again after Retry-After',
    schema: 'SimpleError',
  },
};

/** The error responses of an operation, with their bodies. */
export function errorResponses(statuses: readonly number[]): Record<string, unknown> {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      { description: errors[status]!.description, content: json(ref(errors[status]!.schema)) },
    ]),
  );
}

export function jsonResponse(
  description: string,
  schema: JsonSchema,
  headers?: Record<string, unknown>,
): Record<string, unknown> {
  return { description, content: json(schema), ...(headers ? { headers } : {}) };
}

export const etagHeader = { ETag: { description: 'Entity tag of the representation', schema: { type: 'string' } } };
export const locationHeader = { Location: { description: 'URL of the created record', schema: { type: 'string' } } };
export const notModified = { description: 'The copy named by If-None-Match is current', headers: etagHeader };
