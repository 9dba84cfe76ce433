import { ApiError, type FieldError } from '@corral/errors';
import type { z } from 'zod';
import { jsonEqual } from './deep-equal.js';
import { unstorableTextFailures } from './storable-text.js';

/** What a collection's writes may contain: the schema's own fields and the server-owned ones. */
export interface BodyRules {
  readonly schema: z.ZodObject;
  readonly fields: readonly string[];
  /** Properties the server sets (`id`, `links`, a parent key taken from the path...). */
  readonly readOnly: readonly string[];
  /** Whether the schema has rules over the whole object (`.refine()`): a record is then valid only as a whole. */
  readonly wholeRecordRules: boolean;
}

/** The rules of a schema's writes, worked out once (at startup, not per request). */
export function bodyRules(schema: z.ZodObject, readOnly: readonly string[]): BodyRules {
  return {
    schema,
    fields: Object.keys(schema.shape),
    readOnly,
    wholeRecordRules: (schema._zod.def.checks?.length ?? 0) > 0,
  };
}

/**
 * Splits a body into the properties to validate and the failures found on the way: unknown
 * properties, and read-only ones unless `serverValues` holds the same value (a client may send
 * back what it read).
 */
export function screenProperties(
  rules: BodyRules,
  body: Readonly<Record<string, unknown>>,
  serverValues: Readonly<Record<string, unknown>> | (() => Readonly<Record<string, unknown>>) | undefined,
): { writable: Record<string, unknown>; failures: FieldError[] } {
  const writable: Record<string, unknown> = {};
  const failures: FieldError[] = [];
  // Built only when the body echoes a read-only property: most writes never need it.
  let server: Readonly<Record<string, unknown>> | undefined;
  const serverValue = (key: string) =>
    (server ??= typeof serverValues === 'function' ? serverValues() : serverValues)?.[key];
  for (const [key, value] of Object.entries(body)) {
    if (rules.readOnly.includes(key)) {
      if (!serverValues || !jsonEqual(serverValue(key), value)) {
        failures.push({ field: key, message: `${key} is read-only and set by the server` });
      }
    } else if (rules.fields.includes(key)) {
      writable[key] = value;
    } else {
      failures.push({ field: key, message: `Unknown property. Valid properties: ${rules.fields.join(', ')}` });
    }
  }
  return { writable, failures };
}

/** Validates the full set of writable properties; collects every failure and throws once (422). */
export function validateProperties(
  rules: BodyRules,
  writable: Record<string, unknown>,
  failures: FieldError[],
): Record<string, unknown> {
  const parsed = rules.schema.safeParse(writable);
  const all = [...failures, ...unstorableTextFailures(writable)];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.');
      const missing = isMissing(writable, issue.path);
      all.push({ field, message: missing ? 'Required property is missing' : issue.message });
    }
  }
  if (all.length > 0 || !parsed.success) throw validationError(all);
  return parsed.data as Record<string, unknown>;
}

/** True when the property an issue points at is absent (its parent exists but lacks the key). */
export function isMissing(root: unknown, path: readonly PropertyKey[]): boolean {
  let node = root;
  for (const [i, key] of path.entries()) {
    if (typeof node !== 'object' || node === null) return false;
    if (!Object.hasOwn(node, key)) return i === path.length - 1;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return false;
}

/** At most this many failing fields are listed in a 422: a huge bad body must not make a huge answer. */
export const maxFieldErrors = 100;
/** The message names only the first few; the `errors` array has the rest (up to {@link maxFieldErrors}). */
const namedInMessage = 5;

/**
 * The 422 for a list of failing fields. The message names the first few and says how many more
 * there are; `errors` lists at most {@link maxFieldErrors}. `checkedAll: false` says checking
 * stopped early, so there may be more failures than counted.
 */
export function validationError(failures: readonly FieldError[], checkedAll = true): ApiError {
  const listed = failures.slice(0, maxFieldErrors);
  const summary = failures
    .slice(0, namedInMessage)
    .map((f) => (f.field ? `${f.field}: ${f.message}` : f.message))
    .join('; ');
  const rest = failures.length - namedInMessage;
  const more =
    rest > 0
      ? ` (and ${rest} more${checkedAll ? '' : ' at least; checking stopped there'}; the errors array lists ${failures.length > maxFieldErrors ? `the first ${maxFieldErrors}` : 'them all'})`
      : '';
  return new ApiError('validationFailed', `The request body is invalid. ${summary}${more}`, { fieldErrors: listed });
}
