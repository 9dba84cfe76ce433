import type { ListQuery, StoreFilter, StoreInit } from '@corral/core';
import { fieldExpression, searchColumn } from './names.js';

/** A WHERE clause and its parameters, numbered from `$first`. */
export interface Where {
  /** True when it selects every live record (no filter, no search): a kept count answers its total. */
  readonly all: boolean;
  readonly sql: string;
  readonly parameters: unknown[];
}

/** `%text%` for LIKE, with LIKE's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Live records matching every filter entry and, when given, the search in any of its fields. */
export function whereOf(init: StoreInit, filter: StoreFilter, search: ListQuery['search'], first = 1): Where {
  const clauses = ['NOT deleted'];
  const parameters: unknown[] = [];
  const next = (value: unknown) => `$${first + parameters.push(value) - 1}`;
  for (const [field, value] of Object.entries(filter)) {
    if (value === null || value === undefined) clauses.push(`${fieldExpression(init, field)} IS NULL`);
    else if (init.fields[field] === 'json') clauses.push(`${fieldExpression(init, field)} = ${next(JSON.stringify(value))}::jsonb`);
    else clauses.push(`${fieldExpression(init, field)} = ${next(value)}`);
  }
  if (search && search.text !== '' && search.fields.length > 0) {
    const pattern = containing(search.text);
    const tests = search.fields.map((field) =>
      init.searchable.includes(field) ? `${searchColumn(field)} LIKE ${next(pattern)}` : `lower(${fieldExpression(init, field)}::text) LIKE ${next(pattern)}`,
    );
    clauses.push(`(${tests.join(' OR ')})`);
  }
  return { all: clauses.length === 1, sql: clauses.join(' AND '), parameters };
}

/** ORDER BY: the sort field with missing values as the greatest, ties in creation order (reversed when descending). */
export function orderOf(init: StoreInit, sort: ListQuery['sort']): string {
  if (!sort) return 'seq ASC';
  const expression = fieldExpression(init, sort.field);
  return sort.order === 'asc' ? `${expression} ASC NULLS LAST, seq ASC` : `${expression} DESC NULLS FIRST, seq DESC`;
}
