import { ApiError, type FieldError } from '@corral/core';
import type { TableMap } from './table-map.js';

/**
 * What a column of a table the application owns can hold beyond its kind of value, as its declared
 * type tells it (`varchar(100)`, `integer`, `numeric(6,2)`). Values are checked against it before a
 * write, so that the answer names the field instead of the database refusing the statement.
 */
export interface ColumnLimits {
  /** The most characters (code points, as PostgreSQL counts them) of `varchar(n)` and `char(n)`. */
  readonly maxLength?: number;
  /** The smallest and largest number the column holds (`smallint`, `integer`, `bigint`, `real`). */
  readonly range?: readonly [min: number, max: number];
  /** A `numeric(precision, scale)`: how many digits it keeps on each side of the point. */
  readonly digits?: NumericDigits;
}

/** The digits of a `numeric(precision, scale)` column. */
export interface NumericDigits {
  /** Digits before the point (precision - scale). */
  readonly whole: number;
  /** Digits kept after the point; more are rounded away, not refused. */
  readonly scale: number;
}

/**
 * The ranges of the SQL types narrower than the values a field may hold. `bigint` is not among
 * them: an integer field holds safe integers (zod's `.int()`), which it always holds.
 */
export const typeRanges: Readonly<Record<'smallint' | 'integer' | 'real', readonly [min: number, max: number]>> = {
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  real: [-3.4028234663852886e38, 3.4028234663852886e38],
};

/** Why a value does not fit the column, in words for the client; undefined when it fits. */
export function limitProblem(limits: ColumnLimits, value: unknown): string | undefined {
  if (typeof value === 'string' && limits.maxLength !== undefined) {
    const characters = [...value];
    // As SQL does, spaces past the length are cut off rather than refused.
    if (characters.length > limits.maxLength && characters.slice(limits.maxLength).some((c) => c !== ' '))
      return `must be at most ${limits.maxLength} characters long (it has ${characters.length})`;
  }
  if (typeof value !== 'number') return undefined;
  if (limits.range && (value < limits.range[0] || value > limits.range[1]))
    return `must be between ${limits.range[0]} and ${limits.range[1]}`;
  const { digits } = limits;
  // The value as the column rounds it must have no more digits before the point than it keeps.
  if (digits && digits.scale >= 0 && digits.scale <= 100) {
    const bound = 10 ** digits.whole;
    if (Number(Math.abs(value).toFixed(digits.scale)) >= bound)
      return `must be less than ${bound} and greater than ${-bound}${digits.scale > 0 ? ` (rounded to ${digits.scale} decimals)` : ''}`;
  }
  return undefined;
}

/**
 * Refuses data that a column of the table cannot hold (too long, out of range) with a 422 naming
 * every such field, before any statement is sent: nothing is written.
 */
export function checkLimits(map: TableMap, data: Readonly<Record<string, unknown>>): void {
  let problems: FieldError[] | undefined;
  for (const column of map.columns) {
    if (!column.limits) continue;
    const value = data[column.field];
    if (value === undefined || value === null) continue;
    const problem = limitProblem(column.limits, value);
    if (problem) (problems ??= []).push({ field: column.field, message: problem });
  }
  if (problems)
    throw new ApiError(
      'validationFailed',
      `${problems.map((p) => p.field).join(', ')}: the table cannot hold ${problems.length === 1 ? 'this value' : 'these values'}; nothing was written`,
      { fieldErrors: problems },
    );
}
