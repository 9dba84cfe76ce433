import { ApiError, type FieldError } from '@corral/errors';
import type { z } from 'zod';
import { rejectUnknownParameters } from '../http/query-params.js';
import { isMissing, validationError } from '../schema/body-rules.js';

/** Query string -> plain object: one value as a string, repeated values as an array. */
function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    result[name] = values.length === 1 ? values[0]! : values;
  }
  return result;
}

/**
 * Reads an operation's query against its schema (an empty one when none is given), worked out
 * once: unknown and missing parameters and schema failures are 400s naming the parameter.
 */
export function queryReader(schema: z.ZodObject | undefined): (query: URLSearchParams) => unknown {
  const shape = (schema?.shape ?? {}) as Record<string, { safeParse(v: unknown): { success: boolean } }>;
  const accepted = Object.keys(shape);
  // A parameter is required when its schema refuses "absent".
  const required = accepted.filter((name) => !shape[name]!.safeParse(undefined).success);
  return (query) => {
    rejectUnknownParameters(query, accepted);
    if (!schema) return {};
    const missing = required.filter((name) => !query.has(name));
    if (missing.length > 0) {
      throw new ApiError(
        'invalidQueryParameter',
        `Missing required query parameter${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
      );
    }
    const parsed = schema.safeParse(queryObject(query));
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (issue) => `${issue.path.map(String).join('.') || 'query'}: ${issue.message}`,
      );
      throw new ApiError('invalidQueryParameter', `Invalid query parameters. ${problems.join('; ')}`);
    }
    return parsed.data;
  };
}

/** The field errors of a body that fails its schema, one per property (an unknown key is named as such). */
function fieldErrors(value: unknown, issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.flatMap((issue): FieldError[] => {
    const at = issue.path.map(String);
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({ field: [...at, key].join('.'), message: 'Unknown property' }));
    return [
      { field: at.join('.'), message: isMissing(value, issue.path) ? 'Required property is missing' : issue.message },
    ];
  });
}

/** Validates a POST operation's parsed JSON body: every failing field in one 422. */
export function validateOperationBody(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(fieldErrors(value, parsed.error.issues));
  return parsed.data;
}
