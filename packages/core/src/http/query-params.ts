import { ApiError } from '@corral/errors';
import type { QueryValues } from './query-values.js';

/** A query string to read parameters from: as sent, or already read once into {@link QueryValues}. */
export type QueryReader = URLSearchParams | QueryValues;

/** Shortens client input quoted in error messages. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 50 ? `${value.slice(0, 50)}…` : value);
}

/**
 * Refuses query parameters outside `accepted` with `400` (`unknownQueryParameter`), naming the ones
 * that are accepted: what the collection routes do, for plugins' own routes.
 */
export function rejectUnknownParameters(query: QueryReader, accepted: readonly string[]): void {
  for (const name of query.keys()) {
    if (!accepted.includes(name)) {
      const list =
        accepted.length > 0
          ? `Accepted parameters: ${accepted.join(', ')}`
          : 'This endpoint accepts no query parameters';
      throw new ApiError('unknownQueryParameter', `Unknown query parameter ${quote(name)}. ${list}`);
    }
  }
}

/** An escape of a byte above 0x7F: only these can make a query that is not UTF-8. */
const highEscape = /%[89a-f][0-9a-f]/i;
/** A `%` that starts no escape: URLSearchParams keeps it as it is, and so does the check below. */
const lonePercent = /%(?![0-9a-f]{2})/gi;

/**
 * Refuses with `400` (`invalidQueryParameter`, naming the parameter) a query whose %-escapes do not
 * decode to UTF-8 (`?name=%FF`): URLSearchParams would put U+FFFD in their place without a word,
 * so a filter would look for, or a write keep, text the client never sent.
 */
export function checkQueryEncoding(rawQuery: string): void {
  if (!highEscape.test(rawQuery)) return;
  for (const part of rawQuery.split('&')) {
    if (!highEscape.test(part)) continue;
    try {
      decodeURIComponent(part.replace(lonePercent, '%25'));
    } catch {
      const end = part.indexOf('=');
      const name = new URLSearchParams(`${end === -1 ? part : part.slice(0, end)}=`).keys().next().value ?? '';
      throw new ApiError(
        'invalidQueryParameter',
        `Query parameter ${quote(name)} is not UTF-8 once its %-escapes are decoded`,
      );
    }
  }
}

/** The one value of a single-valued parameter; a repeat is refused rather than silently picked. */
export function singleValue(query: QueryReader, name: string): string | undefined {
  if (!(query instanceof URLSearchParams)) return query.one(name);
  const values = query.getAll(name);
  if (values.length > 1)
    throw new ApiError('duplicateQueryParameter', `Query parameter ${quote(name)} may be given only once`);
  return values[0];
}
