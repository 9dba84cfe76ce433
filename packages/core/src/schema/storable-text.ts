import type { FieldError } from '@corral/errors';

/**
 * U+0000 in text is refused on every store: PostgreSQL cannot keep it in `text` at all, and SQLite's
 * pattern matching stops at it, so a NUL would mean something different on each store.
 */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** A UTF-16 surrogate standing alone: no database can store it (each would keep U+FFFD instead). */
const loneSurrogate = /\p{Cs}/u;

/** Why a text cannot be stored as given, or undefined when it can. */
function textProblem(text: string): string | undefined {
  if (hasNul(text)) return 'Text must not contain the NUL character (U+0000)';
  if (loneSurrogate.test(text))
    return 'Text must be valid Unicode: it holds half of a surrogate pair (a \\uD800-\\uDFFF escape alone), which no store keeps';
  return undefined;
}

/**
 * One failure for each string (at any depth) of `value` that no store can keep as given (a NUL,
 * a lone surrogate, which would silently become U+FFFD), named by its path.
 */
export function unstorableTextFailures(value: unknown, path: readonly string[] = []): FieldError[] {
  const failures: FieldError[] = [];
  collectUnstorable(value, path, failures);
  return failures;
}

// Every write passes through here: no array or path is made unless a problem is found.
function collectUnstorable(value: unknown, path: readonly string[], failures: FieldError[]): void {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) failures.push({ field: path.join('.'), message: problem });
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const inner = (value as Record<string, unknown>)[key];
    if (typeof inner === 'string' ? textProblem(inner) !== undefined : typeof inner === 'object' && inner !== null)
      collectUnstorable(inner, [...path, key], failures);
  }
}
