import type { AnyOperation, DocumentedRoute, VersionDescription } from '@corral/core';
import { securityOf } from './access.js';
import { jsonSchema, propertySchemas } from './json-schema.js';
import { answersOf, json, responsesOf } from './responses.js';

/** The query parameters of an operation, from its zod schema (none without one). */
function queryParameters(operation: AnyOperation): unknown[] {
  if (!operation.query) return [];
  const required = (jsonSchema(operation.query, 'input').required as string[] | undefined) ?? [];
  return Object.entries(propertySchemas(operation.query, 'input')).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    ...(schema.type === 'array' ? { style: 'form', explode: true } : {}),
    schema,
  }));
}

/**
 * The operation of a non-resource operation's route: query parameters and, for POST, the JSON
 * body from its zod schemas; its answers from its route, the result's schema as their body; its
 * security from the route's access.
 */
export function operationOperation(
  route: DocumentedRoute,
  operation: AnyOperation,
  version: VersionDescription,
): Record<string, unknown> {
  const result = operation.result ? jsonSchema(operation.result, 'output') : { type: 'object' };
  const withBody = route.method === 'POST' && operation.body !== undefined;
  const security = securityOf(route.access, version.secured);
  return {
    tags: ['operations'],
    operationId: operation.name,
    summary: operation.title,
    description:
      operation.description ??
      `${operation.title}: a non-resource operation that computes its result from the ${withBody ? 'request body' : 'query parameters'}.`,
    parameters: queryParameters(operation),
    ...(withBody
      ? {
          requestBody: {
            required: true,
            description: `Input of ${operation.name}, as JSON.`,
            content: { 'application/json': { schema: jsonSchema(operation.body!, 'input') } },
          },
        }
      : {}),
    responses: responsesOf(answersOf(route, version.secured), { operationResult: json(result) }),
    ...(security ? { security } : {}),
  };
}
