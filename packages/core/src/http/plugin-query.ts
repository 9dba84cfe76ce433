import { rejectUnknownParameters as rejectUnknown } from './query-params.js';

/**
 * Refuses query parameters outside `accepted` with `400` (`unknownQueryParameter`), naming the ones
 * that are accepted: what the collection routes do, for plugins' own routes
 * (`rejectUnknownParameters(context.request.query, ['offset', 'limit'])`).
 */
export function rejectUnknownParameters(query: URLSearchParams, accepted: readonly string[]): void {
  rejectUnknown(query, accepted);
}
