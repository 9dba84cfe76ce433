import type { FieldError } from '@corral/errors';
import type { z } from 'zod';
import { isMissing, validationError, type BodyRules } from './body-rules.js';
import { unstorableTextFailures } from './storable-text.js';

/**
 * Validates a record a merge patch made: the stored record with the properties the client `sent`
 * applied. Failures of sent properties (and of rules over the whole record) are the client's: 422
 * naming them. A stored value the schema no longer takes (written before a rule was tightened, or
 * by another program) is not the client's doing: it is kept as it is, and the patch goes ahead.
 * Where the schema also has rules over the whole record, which cannot be checked without that
 * value, the 422 names the stored property as stored data and asks for a valid value.
 */
export function validatePatched(
  rules: BodyRules,
  merged: Record<string, unknown>,
  sent: ReadonlySet<string>,
  failures: FieldError[],
): Record<string, unknown> {
  const parsed = rules.schema.safeParse(merged);
  const sentValues = Object.fromEntries(Object.entries(merged).filter(([key]) => sent.has(key)));
  const all = [...failures, ...unstorableTextFailures(sentValues)];
  const stored = new Map<string, string>();
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const top = issue.path[0];
    if (top !== undefined && !sent.has(String(top))) {
      if (!stored.has(String(top))) stored.set(String(top), issue.message);
      continue;
    }
    const missing = isMissing(merged, issue.path);
    all.push({
      field: issue.path.map(String).join('.'),
      message: missing ? 'Required property is missing' : issue.message,
    });
  }
  if (all.length > 0) throw validationError(all);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const shape = rules.schema.shape as Record<string, z.ZodType>;
  if (rules.wholeRecordRules)
    throw validationError(
      [...stored].map(([field, message]) => ({
        field,
        message: `The stored value no longer passes the schema (${message}); this record's rules need it valid, so send a new value for ${field} in the patch`,
      })),
    );
  // Each property as the object's parse would give it; the stored ones the schema no longer takes, as they are.
  const data: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    if (stored.has(key)) {
      data[key] = merged[key];
      continue;
    }
    const field = schema.safeParse(merged[key]);
    if (field.success && (field.data !== undefined || Object.hasOwn(merged, key))) data[key] = field.data;
  }
  return data;
}
