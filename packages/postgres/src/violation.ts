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

/**
 * The columns of a taken unique key, from pg's `detail` (`Key (zoo_id, name)=(1, Leo) already
 * exists.`); undefined for a key over an expression, which names no column.
 */
function keyColumns(detail: string | undefined): string[] | undefined {
  const names = detail === undefined ? undefined : /^Key \((.+?)\)=\(/.exec(detail)?.[1]?.split(', ');
  if (!names?.every((name) => /^(?:[\w$]+|"[^"]+")$/.test(name))) return undefined;
  return names.map((name) => name.replace(/^"(.*)"$/, '$1'));
}

/** The rule a write broke, from PostgreSQL's refusal (pg reports the SQLSTATE, the column and the constraint). */
export function postgresViolation(error: unknown): Violation | undefined {
  const { code, column, constraint, detail } = error as {
    code?: string;
    column?: string;
    constraint?: string;
    detail?: string;
  };
  const kind = code === undefined ? undefined : kinds[code];
  if (!kind) return undefined;
  const columns = kind === 'unique' ? keyColumns(detail) : undefined;
  return {
    kind,
    ...(column ? { column } : {}),
    ...(columns ? { columns } : {}),
    ...(constraint ? { constraint } : {}),
  };
}
