import { ApiError } from '@corral/errors';
import type { CorralRequest } from './exchange.js';

/**
 * Bounds on request inputs that no schema covers. The OpenAPI document states each of them, so a
 * client (or a validating proxy) knows them in advance, and the server refuses what lies beyond.
 */
export const inputLimits = {
  /** Longest path parameter: a record id, a parent id, a job id. A longer one names nothing (404). */
  pathParameterLength: 255,
  /** Longest list search text (`?query=`); a longer one is a 400. */
  searchTextLength: 256,
  /** Most values one `in` filter lists (`maturity[in]=junior,senior`). */
  filterListLength: 100,
  /** Longest If-Match or If-None-Match header; a longer one is a 431. */
  conditionHeaderLength: 8192,
  /** Most links one record may carry (its self link included), so an echoed `links` array is bounded. */
  linksPerRecord: 64,
} as const;

/** Throws the 404 a path parameter longer than any id gets, before a store is asked. */
export function checkPathParameters(params: Readonly<Record<string, string>>): void {
  for (const name in params) {
    const value = params[name]!;
    if (value.length > inputLimits.pathParameterLength) {
      throw new ApiError(
        'resourceNotFound',
        `Nothing here has a ${name} longer than ${inputLimits.pathParameterLength} characters`,
      );
    }
  }
}

/** A conditional request header (If-Match, If-None-Match), refused with 431 when absurdly long. */
export function conditionHeader(request: CorralRequest, name: 'if-match' | 'if-none-match'): string | undefined {
  const value = request.header(name);
  if (value !== undefined && value.length > inputLimits.conditionHeaderLength) {
    throw new ApiError(
      'headersTooLarge',
      `The ${name} header is longer than ${inputLimits.conditionHeaderLength} characters`,
    );
  }
  return value;
}
