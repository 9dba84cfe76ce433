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

const int32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * A copy of a document in which every integer schema states its format: `int32` when its bounds
 * fit in 32 bits, else `int64`. Code generators pick their number types from it.
 */
export function withIntegerFormats<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withIntegerFormats) as T;
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = withIntegerFormats(value);
  if (copy.type === 'integer' && copy.format === undefined) {
    const fits =
      typeof copy.minimum === 'number' &&
      typeof copy.maximum === 'number' &&
      copy.minimum >= int32.min &&
      copy.maximum <= int32.max;
    copy.format = fits ? 'int32' : 'int64';
  }
  return copy as T;
}
