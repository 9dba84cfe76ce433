import type { AnyOperation, VersionDescription } from '@corral/core';
import { security } from './collection-paths.js';
import { jsonSchema, propertySchemas } from './json-schema.js';
import { errorResponses, jsonResponse } from './responses.js';

/** The GET path of a non-resource operation, its query parameters taken from its zod schema. */
export function operationPath(operation: AnyOperation, version: VersionDescription): Record<string, Record<string, unknown>> {
  const required = (jsonSchema(operation.query, 'input').required as string[] | undefined) ?? [];
  const parameters = Object.entries(propertySchemas(operation.query, 'input')).map(([name, schema]) => {
    const repeated = schema.type === 'array';
    return {
      name,
      in: 'query',
      required: required.includes(name),
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      ...(repeated ? { style: 'form', explode: true } : {}),
      schema,
    };
  });
  const result = operation.result ? jsonSchema(operation.result, 'output') : { type: 'object' };
  const scopes = security(version.secured, operation.scope);
  return {
    [`${version.prefix}/${operation.name}`]: {
      get: {
        tags: ['operations'],
        operationId: operation.name,
        summary: operation.title,
        description: operation.description ?? `${operation.title}: a non-resource operation that computes its result from the query parameters.`,
        parameters,
        responses: { 200: jsonResponse('The result', result), ...errorResponses([400, ...(version.secured ? [401, 403] : []), 406, 500]) },
        ...(scopes ? { security: scopes } : {}),
      },
    },
  };
}
