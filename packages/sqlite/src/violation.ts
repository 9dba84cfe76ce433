import type { Violation } from '@corral/sql';

/** SQLite's extended result codes for the constraints a write can break. */
const kinds: Record<number, Violation['kind']> = {
  787: 'foreign-key',
  1299: 'not-null',
  275: 'check',
  2067: 'unique',
  1555: 'unique',
  3091: 'check',
};

/**
 * The rule a write broke, from SQLite's refusal (node:sqlite reports the extended result code in
 * `errcode` and names the column in the message); undefined for other errors.
 */
export function sqliteViolation(error: unknown): Violation | undefined {
  const code = (error as { errcode?: number }).errcode;
  // A RESTRICT foreign key reports as a trigger's constraint (1811), as does a trigger's RAISE: the
  // message tells them apart.
  const kind =
    code === 1811 && /FOREIGN KEY/.test((error as Error).message)
      ? 'foreign-key'
      : code === undefined
        ? undefined
        : kinds[code];
  if (!kind) return undefined;
  if (kind === 'unique') return uniqueViolation((error as Error).message);
  // `CHECK constraint failed: <name>`: a constraint's name, a column's (an unnamed check on it), or
  // the expression of an unnamed check of the table; the table's checks tell the columns.
  const check = code === 275 ? /^CHECK constraint failed: (.+)$/s.exec((error as Error).message)?.[1] : undefined;
  if (check !== undefined) return { kind, constraint: check };
  const column =
    /(?:failed|column): (?:[\w$]+\.)?([\w$]+)/.exec((error as Error).message)?.[1] ??
    /in INTEGER column [\w$]+\.([\w$]+)|column [\w$]+\.([\w$]+)/.exec((error as Error).message)?.[1];
  return { kind, ...(column ? { column } : {}) };
}

/**
 * A taken unique key, named `UNIQUE constraint failed: t.a, t.b` (every column of the key), or
 * `... failed: index 'name'` for an index over an expression, which names no column.
 */
function uniqueViolation(message: string): Violation {
  const key = /failed: ((?:[\w$]+\.[\w$]+(?:, )?)+)$/.exec(message)?.[1];
  const columns = key?.split(', ').map((qualified) => qualified.slice(qualified.indexOf('.') + 1));
  return columns ? { kind: 'unique', column: columns[0] as string, columns } : { kind: 'unique' };
}
