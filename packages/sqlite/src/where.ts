import type { ListQuery, StoreFilter } from '@corral/core';
import type { SQLInputValue } from 'node:sqlite';
import { fieldExpression, searchColumn } from './names.js';

/** A WHERE clause and its parameters. */
export interface Where {
  /** True when it selects every live record (no filter, no search): a kept count answers its total. */
  readonly all: boolean;
  readonly sql: string;
  readonly parameters: SQLInputValue[];
}

/** SQLite has no booleans: JSON true and false read back as 1 and 0. */
function sqlValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string' || value === null) return value;
  return JSON.stringify(value);
}

/** `%text%` for LIKE, with LIKE's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Live records matching every filter entry and, when given, the search in any of its fields. */
export function whereOf(filter: StoreFilter, search: ListQuery['search'], searchable: readonly string[]): Where {
  const clauses = ['deleted = 0'];
  const parameters: SQLInputValue[] = [];
  for (const [field, value] of Object.entries(filter)) {
    if (value === null || value === undefined) {
      clauses.push(`${fieldExpression(field)} IS NULL`);
    } else {
      clauses.push(`${fieldExpression(field)} = ?`);
      parameters.push(sqlValue(value));
    }
  }
  if (search && search.text !== '' && search.fields.length > 0) {
    const pattern = containing(search.text);
    const tests = search.fields.map((field) => {
      parameters.push(pattern);
      // Declared searchable fields have a lower-cased column; any other is folded by SQLite (ASCII only).
      return searchable.includes(field) ? `${searchColumn(field)} LIKE ? ESCAPE '\\'` : `lower(${fieldExpression(field)}) LIKE ? ESCAPE '\\'`;
    });
    clauses.push(`(${tests.join(' OR ')})`);
  }
  return { all: clauses.length === 1, sql: clauses.join(' AND '), parameters };
}

/** ORDER BY: the sort field with missing values as the greatest, ties in creation order (reversed when descending). */
export function orderOf(sort: ListQuery['sort']): string {
  if (!sort) return 'seq ASC';
  return sort.order === 'asc' ? `${fieldExpression(sort.field)} ASC NULLS LAST, seq ASC` : `${fieldExpression(sort.field)} DESC NULLS FIRST, seq DESC`;
}
