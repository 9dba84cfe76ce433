import { ApiError } from '@corral/errors';
import type { HandlerContext } from '../vocabulary/context.js';
import { ifMatchHits } from '../http/etag.js';
import { conditionHeader } from '../http/input-limits.js';
import type { AnyCollection } from './define-collection.js';

/**
 * The If-Match header of a write, or undefined when absent. Collections that demand optimistic
 * locking refuse writes without one (428), so that no update is ever based on a guess.
 */
export function ifMatchOf(context: HandlerContext, collection: AnyCollection): string | undefined {
  const header = conditionHeader(context.request, 'if-match');
  if (header === undefined && collection.requireIfMatch) {
    throw new ApiError(
      'preconditionRequired',
      `Writes to ${collection.name} need an If-Match header with the ETag you read`,
    );
  }
  return header;
}

export function staleError(): ApiError {
  return new ApiError(
    'preconditionFailed',
    'The If-Match header does not match the current ETag: the resource changed since you read it. Nothing was changed',
  );
}

/** Refuses a write whose If-Match names another version than the current one. */
export function checkIfMatch(header: string | undefined, currentEtag: string): void {
  if (header !== undefined && !ifMatchHits(header, currentEtag)) throw staleError();
}
