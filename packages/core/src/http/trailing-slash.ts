import { ApiError } from '@corral/errors';
import { jsonResponse, type CorralRequest, type CorralResponse } from './exchange.js';

/** True for a path such as `/v1/zoos/` that names a resource only without its trailing slash. */
export function hasTrailingSlash(path: string): boolean {
  return path.length > 1 && path.endsWith('/');
}

/**
 * A trailing slash names no resource: reads are sent to the canonical path (query kept), other
 * methods get a 404. Only a path is ever sent back: one that would become `//host` or `/\host`,
 * which browsers read as another site, or that is not a path at all, is never redirected.
 */
export function trailingSlashResponse(request: CorralRequest): CorralResponse {
  const canonical = request.path.replace(/\/+$/, '') || '/';
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (!isRead || !canonical.startsWith('/') || /^\/[/\\]/.test(canonical)) {
    throw new ApiError('routeNotFound', `No endpoint at ${request.path.slice(0, 200)}; drop the trailing slash`);
  }
  const location = request.rawQuery ? `${canonical}?${request.rawQuery}` : canonical;
  return jsonResponse(301, { error: `Moved permanently to ${location}` }, { location });
}
