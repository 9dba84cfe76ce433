/**
 * The engine numbers its parameters (`?1`, `?2`, a number may come twice); MariaDB's prepared
 * statements take plain `?` in order. A statement's text is turned once into `?`s and the order
 * its numbers appear in, skipping quoted strings and names.
 */
export interface Positional {
  /** The text with plain `?` placeholders. */
  readonly sql: string;
  /** For each `?`, the index (from 0) of the engine's parameter it takes. */
  readonly order: readonly number[] | undefined;
}

const cache = new Map<string, Positional>();
const cacheLimit = 5000;

/** The statement with `?N` placeholders turned into `?`s (kept per text). */
export function positional(text: string): Positional {
  const known = cache.get(text);
  if (known) return known;
  const order: number[] = [];
  let sql = '';
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      sql += c;
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"' || c === '`') {
      quote = c;
      sql += c;
    } else if (c === '?') {
      let j = i + 1;
      while (j < text.length && text[j]! >= '0' && text[j]! <= '9') j++;
      order.push(j > i + 1 ? Number(text.slice(i + 1, j)) - 1 : order.length);
      sql += '?';
      i = j - 1;
    } else sql += c;
  }
  const plain = order.every((n, i) => n === i);
  const made = { sql, order: plain ? undefined : order };
  if (cache.size >= cacheLimit) cache.clear();
  cache.set(text, made);
  return made;
}

/** The values in the order a positional statement takes them; undefined becomes NULL. */
export function orderedValues(statement: Positional, values: readonly unknown[]): unknown[] {
  const list = statement.order ? statement.order.map((n) => values[n]) : [...values];
  return list.map((value) => (value === undefined ? null : value));
}
