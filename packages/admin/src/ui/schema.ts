import type { JsonSchema } from '../model-types.js';

/** One field of a record as a form or a column sees it. */
export interface Field {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
}

/** A property's schema with a nullable union (`anyOf: [T, null]`) unwrapped. */
function plain(schema: JsonSchema): JsonSchema {
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!options) return schema;
  return options.find((option) => option.type !== 'null') ?? schema;
}

/** The fields of an object schema, in declaration order. */
export function fieldsOf(schema: JsonSchema): Field[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties)
    .filter(([name]) => name !== 'links')
    .map(([name, property]) => ({ name, schema: plain(property), required: required.has(name) }));
}

/** What input a field takes. */
export function inputKind(
  schema: JsonSchema,
): 'enum' | 'number' | 'integer' | 'boolean' | 'date' | 'datetime' | 'text' | 'json' {
  if (Array.isArray(schema.enum)) return 'enum';
  if (schema.type === 'integer') return 'integer';
  if (schema.type === 'number') return 'number';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'string' && schema.format === 'date') return 'date';
  if (schema.type === 'string' && schema.format === 'date-time') return 'datetime';
  if (schema.type === 'object' || schema.type === 'array') return 'json';
  return 'text';
}

/** A value as text in a cell or a definition. */
export function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "yearOfBirth" -> "Year of birth". */
export function label(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
