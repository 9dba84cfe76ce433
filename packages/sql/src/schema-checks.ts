import type { FieldLimits } from '@corral/core';
import { derivedName, quoted } from './names.js';
import type { ColumnMap, TableMap } from './table-map.js';

/**
 * How an engine measures text for the checks of {@link limitsCheck}. zod counts UTF-16 code units
 * (a character past U+FFFF counts 2) and databases count characters, so a maximum is checked on
 * characters (never more than code units: what the API takes always fits) and a minimum on an
 * expression that is never less than the code units (exact where the engine can count them).
 */
export interface TextMeasure {
  /** Characters (code points) of a text. */
  chars(column: string): string;
  /** At least the UTF-16 code units of a text. */
  unitsAtLeast(column: string): string;
}

/** A number as SQL text: the shortest form that reads back as the same double. */
const number = (value: number) => String(value);

/**
 * The condition a column's values must meet for the schema's limits, or undefined when SQL has
 * nothing to check: lengths of text columns; bounds of number columns; a whole step of integer
 * columns (a fractional step is left to the API, as floating remainders differ). Patterns are never
 * checked (engines' regular expressions differ). NULL passes, as in any CHECK. `name` is the value
 * checked: the column, or an expression (a field of an old JSON document).
 */
export function limitsCheck(column: ColumnMap, measure: TextMeasure, name = quoted(column.column)): string | undefined {
  const limits: FieldLimits | undefined = column.schemaLimits;
  if (!limits) return undefined;
  const parts: string[] = [];
  if (column.kind === 'string' && column.storage === 'text') {
    if (limits.minLength !== undefined && limits.minLength > 0)
      parts.push(`${measure.unitsAtLeast(name)} >= ${number(limits.minLength)}`);
    if (limits.maxLength !== undefined) parts.push(`${measure.chars(name)} <= ${number(limits.maxLength)}`);
  }
  const numeric =
    (column.kind === 'integer' && column.storage === 'integer') ||
    (column.kind === 'number' && column.storage === 'real');
  if (numeric) {
    if (limits.minimum !== undefined) parts.push(`${name} >= ${number(limits.minimum)}`);
    if (limits.exclusiveMinimum !== undefined) parts.push(`${name} > ${number(limits.exclusiveMinimum)}`);
    if (limits.maximum !== undefined) parts.push(`${name} <= ${number(limits.maximum)}`);
    if (limits.exclusiveMaximum !== undefined) parts.push(`${name} < ${number(limits.exclusiveMaximum)}`);
    const step = limits.multipleOf;
    if (column.storage === 'integer' && step !== undefined && Number.isSafeInteger(step) && step > 1)
      parts.push(`${name} % ${number(step)} = 0`);
  }
  return parts.length > 0 ? parts.join(' AND ') : undefined;
}

/** The name of the constraint holding a column's limits: the table's and the column's, then `limits`. */
export function limitsConstraint(map: TableMap, column: ColumnMap): string {
  return derivedName(map.table, `${column.column}_limits`);
}

/** Whether two columns' limits are the same. */
export function sameLimits(a: FieldLimits | undefined, b: FieldLimits | undefined): boolean {
  const text = (limits: FieldLimits | undefined) =>
    JSON.stringify(Object.entries(limits ?? {}).sort(([x], [y]) => (x < y ? -1 : 1)));
  return text(a) === text(b);
}

/** Words for a column's limits, for start-up messages: `minimum 0, maxLength 100`. */
export function describeLimits(limits: FieldLimits | undefined): string {
  const entries = Object.entries(limits ?? {});
  return entries.length > 0 ? entries.map(([name, value]) => `${name} ${value}`).join(', ') : 'none';
}
