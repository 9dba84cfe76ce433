import { ApiError, CorralError } from '@corral/errors';
import { parseIntegerParameter } from './integer.js';
import { pagingDefaults, type PagingOptions } from './defaults.js';
import { pagingParameterNames } from './names.js';

/** The records a request asks for: `limit` records starting at position `offset` (0-based). */
export interface PageWindow {
  /** Position of the first record, 0-based. */
  offset: number;
  /** Largest number of records to return. */
  limit: number;
}

const maxOffset = Number.MAX_SAFE_INTEGER;

/**
 * Reads the page a request asks for from its query parameters (a `URLSearchParams`, or anything
 * that reads parameters by name the same way).
 *
 * `offset`/`limit` and `page`/`per_page` are two spellings of the same window:
 * `page=p&per_page=n` means `offset=(p-1)*n&limit=n`. Absent values take their defaults
 * (offset 0, page 1, limit and per_page `defaultLimit`). Values must be plain decimal integers;
 * leading zeros are allowed.
 *
 * @throws ApiError `duplicateQueryParameter` when a paging parameter is given more than once,
 *   `conflictingPagingParameters` when both styles are mixed, `invalidQueryParameter` when a value
 *   is not an integer in its range.
 * @throws RangeError when the options themselves are out of range (a server bug, not a bad request).
 */
export function parsePaging(
  params: {
    get(name: string): string | null;
    getAll(name: string): readonly string[];
    has(name: string): boolean;
  },
  options: PagingOptions = {},
): PageWindow {
  const { defaultLimit = pagingDefaults.defaultLimit, maxLimit = pagingDefaults.maxLimit } = options;
  const sane =
    Number.isSafeInteger(maxLimit) && Number.isInteger(defaultLimit) && defaultLimit >= 1 && defaultLimit <= maxLimit;
  if (!sane)
    throw new CorralError(
      'CORRAL_INVALID_PAGING',
      `Paging options need 1 <= defaultLimit <= maxLimit; got ${defaultLimit} and ${maxLimit}`,
    );
  for (const name of pagingParameterNames) {
    const count = params.getAll(name).length;
    if (count > 1) {
      throw new ApiError('duplicateQueryParameter', `${name} must be given at most once; got it ${count} times`);
    }
  }
  const offset = params.get('offset');
  const limit = params.get('limit');
  const page = params.get('page');
  const perPage = params.get('per_page');

  if (page === null && perPage === null) {
    return {
      offset: offset === null ? 0 : parseIntegerParameter('offset', offset, 0, maxOffset),
      limit: limit === null ? defaultLimit : parseIntegerParameter('limit', limit, 1, maxLimit),
    };
  }
  if (offset !== null || limit !== null) {
    const given = pagingParameterNames.filter((name) => params.has(name)).join(', ');
    throw new ApiError(
      'conflictingPagingParameters',
      `Choose a page with either offset and limit or page and per_page, not both; got ${given}`,
    );
  }
  const size = perPage === null ? defaultLimit : parseIntegerParameter('per_page', perPage, 1, maxLimit);
  // Bound the page so that its offset stays a safe integer; the bound depends on the page size.
  const lastPage = Math.min(Math.floor(maxOffset / size) + 1, Number.MAX_SAFE_INTEGER);
  const number = page === null ? 1 : parseIntegerParameter('page', page, 1, lastPage, ` when per_page is ${size}`);
  return { offset: (number - 1) * size, limit: size };
}
