import type { FieldError } from '@corral/errors';

/**
 * U+0000 in text is refused on every store: PostgreSQL cannot keep it in `text` at all, and SQLite's
 * pattern matching stops at it, so a NUL would mean something different on each store.
 */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** One failure for each string (at any depth) of `value` that holds U+0000, named by its path. */
export function nulTextFailures(value: unknown, path: readonly string[] = []): FieldError[] {
  if (typeof value === 'string') {
    return hasNul(value)
      ? [{ field: path.join('.'), message: 'Text must not contain the NUL character (U+0000)' }]
      : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => nulTextFailures(inner, [...path, key]));
}
