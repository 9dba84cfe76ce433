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
  const failures: FieldError[] = [];
  collectNulText(value, path, failures);
  return failures;
}

// Every write passes through here: no array or path is made unless a NUL is found.
function collectNulText(value: unknown, path: readonly string[], failures: FieldError[]): void {
  if (typeof value === 'string') {
    if (hasNul(value))
      failures.push({ field: path.join('.'), message: 'Text must not contain the NUL character (U+0000)' });
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const inner = (value as Record<string, unknown>)[key];
    if (typeof inner === 'string' ? hasNul(inner) : typeof inner === 'object' && inner !== null)
      collectNulText(inner, [...path, key], failures);
  }
}
