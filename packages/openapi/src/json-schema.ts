import { z } from 'zod';

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema, without the `$schema` marker (OpenAPI sets the dialect once). */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** An object schema's properties as JSON Schema, keyed by property name. */
export function propertySchemas(schema: z.ZodObject, io: 'input' | 'output'): Record<string, JsonSchema> {
  return (jsonSchema(schema, io).properties ?? {}) as Record<string, JsonSchema>;
}

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
