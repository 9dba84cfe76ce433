import { ApiError } from '@corral/errors';
import { accepts } from '../http/accept.js';
import { jsonResponse, type CorralRequest, type CorralResponse } from '../http/exchange.js';
import { rejectUnknownParameters } from '../http/query-params.js';
import type { RouteAnswers } from '../vocabulary/answers.js';

/** What the version listing answers (besides a 405 for other methods, as every path does). */
export const versionListAnswers: RouteAnswers = {
  success: { 200: { description: 'The API versions', body: 'versionList' } },
  errors: [],
};

/** Methods answered for the version listing. */
const readOnlyAllow = 'GET, HEAD';

/** The answer at the base path: the list of versions the API serves. */
export function versionListing(request: CorralRequest, listing: unknown): CorralResponse {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    throw new ApiError('methodNotAllowed', `${request.method} is not supported here`, {
      headers: { allow: readOnlyAllow },
    });
  }
  if (!accepts(request.header('accept'), 'application/json'))
    throw new ApiError('notAcceptable', 'The version list is available as application/json only');
  rejectUnknownParameters(request.query, []);
  return jsonResponse(200, listing);
}
