import { CorralError } from '@corral/errors';
import type { z } from 'zod';
import { storedFieldKind } from '../schema/field-kind.js';
import type { ComparisonOperator } from '../store/store.js';

/** How a list may compare a field: `eq` (the plain `name=value` form) or one of the comparisons. */
export type FilterOperator = 'eq' | ComparisonOperator;

/** Every operator, in the order error messages and documents list them. */
export const filterOperators: readonly FilterOperator[] = Object.freeze(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in']);

/**
 * A filter with its operators, e.g. `{ field: 'yearOfBirth', operators: ['gte', 'lt'] }`, queried
 * as `year_of_birth[gte]=1990`. A filter given as a bare field name allows `eq` only.
 */
export interface FilterDeclaration<Fd extends string = string> {
  /** The field the filter compares. */
  readonly field: Fd;
  /** The operators clients may use; `eq` allows the plain form `name=value` and `name[eq]=value`. */
  readonly operators: readonly FilterOperator[];
}

/** One declared filter: a field name (equality only) or a {@link FilterDeclaration}. */
export type FilterEntry<Fd extends string = string> = Fd | FilterDeclaration<Fd>;

/** The field a filter compares. */
export function filterField(entry: FilterEntry): string {
  return typeof entry === 'string' ? entry : entry.field;
}

/** The operators a filter allows. */
export function operatorsOf(entry: FilterEntry): readonly FilterOperator[] {
  return typeof entry === 'string' ? ['eq'] : entry.operators;
}

/** Operators that read a range of a field's values in its order (an index in sort order serves them). */
export const rangeOperators: readonly FilterOperator[] = ['gt', 'gte', 'lt', 'lte'];

/** Whether a filter compares by range. */
export function comparesByRange(entry: FilterEntry): boolean {
  return operatorsOf(entry).some((operator) => rangeOperators.includes(operator));
}

/** One query parameter of a filter and the operator it stands for. */
export interface FilterForm {
  /** The parameter's name, e.g. `year_of_birth[gte]`. */
  readonly name: string;
  /** What it compares by. */
  readonly operator: FilterOperator;
}

/**
 * The query parameters a filter answers to, each with its operator: `name` for `eq`, `name[op]`
 * for the others, and `name[eq]` too once a filter has other operators, so that every form can be
 * spelled alike. List parsing and the OpenAPI document both follow it.
 */
export function filterForms(parameter: string, entry: FilterEntry): FilterForm[] {
  const operators = operatorsOf(entry);
  return operators.flatMap((operator): FilterForm[] => {
    if (operator !== 'eq') return [{ name: `${parameter}[${operator}]`, operator }];
    return operators.length > 1
      ? [
          { name: parameter, operator },
          { name: `${parameter}[eq]`, operator },
        ]
      : [{ name: parameter, operator }];
  });
}

/**
 * Refuses, at definition time, operators that are unknown, none at all, or comparisons a field has
 * no order for (booleans and nested values).
 */
export function checkFilterOperators(
  collection: string,
  parameter: string,
  entry: FilterEntry,
  schema: z.ZodType | undefined,
): void {
  const operators = operatorsOf(entry);
  const fail = (why: string) => {
    throw new CorralError(
      'CORRAL_INVALID_FILTER_OPERATOR',
      `Collection "${collection}": filter "${parameter}" ${why}; operators are ${filterOperators.join(', ')}`,
    );
  };
  if (operators.length === 0) fail('allows no operator');
  const unknown = operators.find((operator) => !filterOperators.includes(operator));
  if (unknown !== undefined) fail(`names unknown operator "${String(unknown)}"`);
  // A parent key the server sets holds ids, which have no order a store agrees on.
  if (!schema && operators.some((operator) => rangeOperators.includes(operator)))
    fail('orders a parent key the server sets (ids have no order to compare by)');
  const kind = schema ? storedFieldKind(schema) : 'string';
  if (kind === 'json' && operators.some((operator) => operator !== 'eq'))
    fail('compares a nested value, which only equality can');
  if (kind === 'boolean' && operators.some((operator) => rangeOperators.includes(operator)))
    fail('orders a true-or-false field');
}
