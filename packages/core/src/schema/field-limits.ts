import { z } from 'zod';
import type { FieldLimits } from '../store/store.js';

const wrappers = ['optional', 'nullable', 'default', 'readonly', 'catch', 'nonoptional'];

/** The schema under optional/nullable/default wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  for (;;) {
    const def = (inner as unknown as { def: { type: string; innerType?: z.ZodType } }).def;
    if (!def.innerType || !wrappers.includes(def.type)) return inner;
    inner = def.innerType;
  }
}

const names = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
] as const;

/**
 * The limits a string or number field's schema declares, read from zod's own JSON Schema of it (so
 * they are the ones the OpenAPI document publishes); undefined when it has none. Patterns and
 * formats are left out: a database cannot check them alike.
 */
export function fieldLimits(schema: z.ZodType): FieldLimits | undefined {
  const inner = unwrapped(schema);
  const type = (inner as unknown as { def: { type: string } }).def.type;
  if (type !== 'string' && type !== 'number') return undefined;
  const json = z.toJSONSchema(inner, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const limits: Record<string, number> = {};
  for (const name of names) {
    const value = json[name];
    if (typeof value === 'number' && Number.isFinite(value)) limits[name] = value;
  }
  return Object.keys(limits).length > 0 ? limits : undefined;
}
