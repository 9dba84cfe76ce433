import type { DatabaseSync } from 'node:sqlite';

/**
 * Names and quoted names (`"a b"`, `` `a` ``, `[a]`), with string literals skipped so that a word
 * inside one is not taken for a column.
 */
const tokens = /'(?:[^']|'')*'|"((?:[^"]|"")+)"|`((?:[^`]|``)+)`|\[([^\]]+)\]|([A-Za-z_][\w$]*)/g;

/** The names an SQL text mentions, unquoted, in order. */
function namesIn(sql: string): string[] {
  const names: string[] = [];
  for (const match of sql.matchAll(tokens)) {
    const name = match[1]?.replaceAll('""', '"') ?? match[2]?.replaceAll('``', '`') ?? match[3] ?? match[4];
    if (name !== undefined) names.push(name);
  }
  return names;
}

/** The text between the parenthesis at `open` and the one closing it (string literals skipped). */
function parenthesized(sql: string, open: number): string | undefined {
  let depth = 0;
  for (let at = open; at < sql.length; at++) {
    const char = sql[at];
    if (char === "'" || char === '"') {
      const end = sql.indexOf(char, at + 1);
      if (end < 0) return undefined;
      at = end;
    } else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return sql.slice(open + 1, at);
  }
  return undefined;
}

/** An SQL name as SQLite reports it: without its quotes. */
const unquoted = (name: string) => namesIn(name)[0] ?? name;

/**
 * The columns each CHECK constraint of a table reads, by the name SQLite reports when one is
 * broken: a named constraint by its name; an unnamed one on a column by the column's name (SQLite
 * reports that); an unnamed one of the table by its expression, as written. Read from the table's
 * CREATE statement, keeping the names among the table's columns.
 */
export function checksOf(connection: DatabaseSync, table: string, columns: readonly string[]): Map<string, string[]> {
  const checks = new Map<string, string[]>(columns.map((column) => [column, [column]]));
  const found = connection
    .prepare(`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ? COLLATE NOCASE`)
    .get(table);
  const sql = typeof found?.sql === 'string' ? found.sql : '';
  const known = new Map(columns.map((column) => [column.toLowerCase(), column]));
  const columnsIn = (expression: string) => [
    ...new Set(namesIn(expression).flatMap((name) => known.get(name.toLowerCase()) ?? [])),
  ];
  const check = /(?:\bCONSTRAINT\s+("(?:[^"]|"")+"|`[^`]+`|\[[^\]]+\]|[\w$]+)\s+)?\bCHECK\s*\(/gi;
  for (const match of sql.matchAll(check)) {
    const expression = parenthesized(sql, match.index + match[0].length - 1);
    if (expression === undefined) continue;
    const named = match[1];
    if (named !== undefined) checks.set(unquoted(named), columnsIn(expression));
    else if (!checks.has(expression.trim())) checks.set(expression.trim(), columnsIn(expression));
  }
  return checks;
}
