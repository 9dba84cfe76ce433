import type { Violation } from '@corral/sql';

/** MariaDB's error numbers for the rules a write can break, and for values a column refuses. */
const kinds: Record<number, Violation['kind']> = {
  1062: 'unique',
  1586: 'unique',
  1451: 'foreign-key',
  1452: 'foreign-key',
  1216: 'foreign-key',
  1217: 'foreign-key',
  1048: 'not-null',
  1364: 'not-null',
  4025: 'check',
  3819: 'check',
  1406: 'check',
  1264: 'check',
  1366: 'check',
  1265: 'check',
  4038: 'check',
  3140: 'check',
};

/** The first quoted name in a message ('x' or `x`). */
const quotedName = (message: string, after: RegExp): string | undefined => {
  const match = new RegExp(`${after.source}\\s*[\`'"]([^\`'"]+)[\`'"]`).exec(message);
  return match?.[1];
};

/**
 * The rule a write broke, from MariaDB's refusal: the error number says which kind, the message
 * the column (NOT NULL, a value too long), the constraint (CHECK, foreign key) or the index (a
 * taken value, whose columns `uniqueKeys` holds by name).
 */
export function mysqlViolation(
  error: unknown,
  uniqueKeys: ReadonlyMap<string, readonly string[]>,
): Violation | undefined {
  const { errno, message = '' } = (error ?? {}) as { errno?: number; message?: string };
  const kind = errno === undefined ? undefined : kinds[errno];
  if (!kind) return undefined;
  if (kind === 'unique') {
    const index = /for key '(?:[^'.]*\.)?([^']+)'/.exec(message)?.[1];
    const columns = index === undefined ? undefined : uniqueKeys.get(index);
    return { kind, ...(index ? { constraint: index } : {}), ...(columns ? { columns } : {}) };
  }
  if (kind === 'foreign-key') {
    const constraint = quotedName(message, /CONSTRAINT/);
    const column = quotedName(message, /FOREIGN KEY \(/);
    return { kind, ...(constraint ? { constraint } : {}), ...(column ? { column } : {}) };
  }
  if (errno === 4025 || errno === 3819) {
    // A column's own CHECK is named after the column, and reported as `table.column`.
    const named = quotedName(message, /CONSTRAINT/) ?? quotedName(message, /Check constraint/);
    const constraint = named?.includes('.') ? named.slice(named.indexOf('.') + 1) : named;
    return { kind, ...(constraint ? { constraint } : {}) };
  }
  const column = quotedName(message, /[Cc]olumn|[Ff]ield/);
  return { kind, ...(column ? { column } : {}) };
}
