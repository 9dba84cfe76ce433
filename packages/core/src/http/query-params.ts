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

/** The one value of a single-valued parameter; a repeat is refused rather than silently picked. */
export function singleValue(query: QueryReader, name: string): string | undefined {
  if (!(query instanceof URLSearchParams)) return query.one(name);
  const values = query.getAll(name);
  if (values.length > 1)
    throw new ApiError('duplicateQueryParameter', `Query parameter ${quote(name)} may be given only once`);
  return values[0];
}
