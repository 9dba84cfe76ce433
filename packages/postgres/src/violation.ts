import type { Violation } from '@corral/sql';

/**
 * PostgreSQL's SQLSTATEs for the rules a write can break (class 23), and for values a column type
 * refuses (class 22).
 */
const kinds: Record<string, Violation['kind']> = {
  '23505': 'unique',
  '23503': 'foreign-key',
  '23502': 'not-null',
  '23514': 'check',
  '22P02': 'check',
  '22003': 'check',
  '22001': 'check',
  '22021': 'check',
  '22P05': 'check',
};

/** The rule a write broke, from PostgreSQL's refusal (pg reports the SQLSTATE, the column and the constraint). */
export function postgresViolation(error: unknown): Violation | undefined {
  const { code, column, constraint } = error as { code?: string; column?: string; constraint?: string };
  const kind = code === undefined ? undefined : kinds[code];
  if (!kind) return undefined;
  return { kind, ...(column ? { column } : {}), ...(constraint ? { constraint } : {}) };
}
