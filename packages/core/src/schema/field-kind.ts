import type { z } from 'zod';
import type { StoredFieldKind } from '../store/store.js';

/** What a query string value must be turned into before a field's schema can check it. */
export type FieldKind =
  | { readonly type: 'string' }
  | { readonly type: 'number'; readonly integer: boolean }
  | { readonly type: 'boolean' }
  | { readonly type: 'enum'; readonly values: readonly string[] };

interface SchemaDef {
  readonly type: string;
  readonly innerType?: z.ZodType;
  /** Set on `z.int()` itself; `z.number().int()` records it as a check instead. */
  readonly format?: string;
  readonly checks?: readonly { readonly _zod?: { readonly def?: { readonly format?: string } } }[];
  readonly entries?: Readonly<Record<string, string | number>>;
}

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { def: SchemaDef }).def;
}

function isIntegerFormat(format: string | undefined): boolean {
  return format !== undefined && /int/.test(format);
}

/** The definition under optional/nullable/default wrappers. */
function unwrappedDef(schema: z.ZodType): SchemaDef {
  let def = defOf(schema);
  while (def.innerType && ['optional', 'nullable', 'default', 'readonly', 'catch', 'nonoptional'].includes(def.type)) {
    def = defOf(def.innerType);
  }
  return def;
}

/** Looks through optional/nullable/default wrappers to the field's own kind. */
export function fieldKind(schema: z.ZodType): FieldKind {
  const def = unwrappedDef(schema);
  switch (def.type) {
    case 'number':
      return {
        type: 'number',
        integer: isIntegerFormat(def.format) || (def.checks ?? []).some((c) => isIntegerFormat(c._zod?.def?.format)),
      };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'enum', values: Object.values(def.entries ?? {}).map(String) };
    default:
      return { type: 'string' };
  }
}

/** What a field holds in storage: its query kind, or `json` for objects, arrays and anything else structured. */
export function storedFieldKind(schema: z.ZodType): StoredFieldKind {
  const def = unwrappedDef(schema);
  if (!['string', 'number', 'boolean', 'enum'].includes(def.type)) return 'json';
  const kind = fieldKind(schema);
  return kind.type === 'number' ? (kind.integer ? 'integer' : 'number') : kind.type;
}

/** Whether a field may be left out of a record, and whether null is one of its values. */
export interface FieldPresence {
  /** The field may be absent from validated data (a default fills it in, so a defaulted field is not). */
  readonly optional: boolean;
  /** Null is a value the field accepts. */
  readonly nullable: boolean;
}

/**
 * Asks the schema itself: a field is optional when validating a missing value succeeds and leaves it
 * missing (a default fills it in, so a defaulted field is not). zod's own markers for defaults
 * differ between 4.x releases, so they are not read.
 */
export function fieldPresence(schema: z.ZodType): FieldPresence {
  const missing = schema.safeParse(undefined);
  return { optional: missing.success && missing.data === undefined, nullable: schema.safeParse(null).success };
}

const decimal = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** Turns a query string value into the field's type; undefined when it cannot be one. */
export function coerceQueryValue(kind: FieldKind, raw: string): unknown {
  switch (kind.type) {
    case 'number':
      return decimal.test(raw) ? Number(raw) : undefined;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    default:
      return raw;
  }
}

/** Words for an error message: which values a parameter of this kind accepts. */
export function describeKind(kind: FieldKind): string {
  switch (kind.type) {
    case 'number':
      return kind.integer ? 'an integer' : 'a number';
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of: ${kind.values.join(', ')}`;
    default:
      return 'a string';
  }
}
