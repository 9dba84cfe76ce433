import { ApiError } from '@corral/errors';
import type { z } from 'zod';
import { quote } from '../http/query-params.js';
import { inputLimits } from '../http/input-limits.js';
import { coerceQueryValue, describeKind, fieldKind } from '../schema/field-kind.js';
import { filterField, operatorsOf, type FilterEntry, type FilterOperator } from './filter-declaration.js';

/** One filter parameter: the field it targets and how its text becomes a checked, typed value. */
export interface FieldFilter {
  readonly field: string;
  /** The operators the collection allows for this filter. */
  readonly operators: readonly FilterOperator[];
  parse(parameter: string, raw: string): unknown;
}

/** The values of an `in` filter: comma-separated, each checked like a single value, at most a bounded number. */
export function parseList(filter: FieldFilter, parameter: string, raw: string): unknown[] {
  const items = raw.split(',');
  if (items.length > inputLimits.filterListLength) {
    throw new ApiError(
      'invalidQueryParameter',
      `${parameter} lists at most ${inputLimits.filterListLength} values, separated by commas; got ${items.length}`,
    );
  }
  return [...new Set(items.map((item) => filter.parse(parameter, item)))];
}

/**
 * Builds a filter for a field from the field's own schema, so a filter value is checked exactly
 * like a body value (an enum accepts only its options, an integer field only integers).
 */
export function fieldFilter(
  field: string,
  schema: z.ZodType | undefined,
  operators: readonly FilterOperator[] = ['eq'],
): FieldFilter {
  if (!schema) return { field, operators, parse: (_parameter, raw) => raw }; // server-set parent keys are ids: plain strings
  const kind = fieldKind(schema);
  return {
    field,
    operators,
    parse(parameter, raw) {
      const value = coerceQueryValue(kind, raw);
      const wrongKind =
        value === undefined ||
        kind.type === 'enum' ||
        (kind.type === 'number' && kind.integer && !Number.isInteger(value));
      const checked = value === undefined ? undefined : schema.safeParse(value);
      if (checked?.success) return value;
      if (wrongKind)
        throw new ApiError('invalidQueryParameter', `${parameter} must be ${describeKind(kind)}; got ${quote(raw)}`);
      // The value has the right type but breaks a rule of the field (a minimum, a pattern...): say which.
      const rule = checked?.error.issues[0]?.message ?? 'not accepted';
      throw new ApiError(
        'invalidQueryParameter',
        `${parameter} must be ${describeKind(kind)} that the field accepts (${rule}); got ${quote(raw)}`,
      );
    },
  };
}

/** Filters for every declared query parameter of a collection. */
export function fieldFilters(
  filters: Readonly<Record<string, FilterEntry>>,
  shape: Readonly<Record<string, z.ZodType>>,
): Map<string, FieldFilter> {
  return new Map(
    Object.entries(filters).map(([parameter, entry]) => [
      parameter,
      fieldFilter(filterField(entry), shape[filterField(entry)], operatorsOf(entry)),
    ]),
  );
}
