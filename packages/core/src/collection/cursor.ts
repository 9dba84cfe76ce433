import { ApiError } from '@corral/errors';
import { base64url, base64urlDecode } from '../http/base64url.js';
import { shortDigest } from '../http/etag.js';
import type { StoredFieldKind } from '../store/store.js';
import type { ListPosition, ListQuery } from '../store/store.js';

/** Format of the cursors this release writes; an older or newer one is refused as stale. */
const cursorFormat = 1;

/** Longest cursor accepted: a sort key of text is bounded by the field, this only stops abuse. */
const maxCursorLength = 2048;

/**
 * The part of a list request a cursor belongs to: its sort and a digest of its path (a nested
 * list's parent), filters and search, so that a cursor taken from one list is refused by another.
 * Cursors are not signed: one decoded and edited by hand names another place in the same list,
 * which is no more than an offset would give.
 */
export function cursorScope(query: ListQuery, path = ''): string {
  const sort = query.sort ? `${query.sort.field}:${query.sort.order}` : '';
  return `${sort}|${shortDigest(JSON.stringify([path, query.filter ?? {}, query.conditions ?? [], query.search?.text ?? null]))}`;
}

/** The opaque text of a place in a list: the sort key and id, with the scope of the list it belongs to. */
export function encodeCursor(scope: string, position: ListPosition): string {
  return base64url(new TextEncoder().encode(JSON.stringify([cursorFormat, scope, position.key, position.id])));
}

/**
 * The place a cursor names, checked against the list it is used with and the sort field's kind;
 * anything else (made up, cut, taken from another list or sort) is a 400.
 */
export function decodeCursor(
  parameter: string,
  raw: string,
  scope: string,
  sortKind: StoredFieldKind | undefined,
  enumValues: readonly string[] | undefined,
): ListPosition {
  const refuse = (why: string): never => {
    throw new ApiError(
      'invalidCursor',
      `${parameter} is not a cursor of this list (${why}); start again from the first page (paging=cursor without ${parameter})`,
    );
  };
  if (raw.length === 0 || raw.length > maxCursorLength) refuse('wrong length');
  let parts: unknown;
  try {
    parts = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64urlDecode(raw)));
  } catch {
    return refuse('not one this server made');
  }
  if (!Array.isArray(parts) || parts.length !== 4 || parts[0] !== cursorFormat)
    return refuse('not one this server made');
  const [, madeFor, key, id] = parts as [number, unknown, unknown, unknown];
  if (madeFor !== scope) refuse('it was made for another sort, filter or search');
  if (typeof id !== 'string' || id.length === 0 || id.length > 255) refuse('no record id');
  if (!keyFits(key, sortKind, enumValues)) refuse('its sort value is not one of the sort field');
  return { key: key as ListPosition['key'], id: id as string };
}

/** Whether a sort key could be a value of the sort field (null: no value, or no sort at all). */
function keyFits(key: unknown, kind: StoredFieldKind | undefined, enumValues: readonly string[] | undefined): boolean {
  if (key === null) return true;
  switch (kind) {
    case 'integer':
      return Number.isInteger(key);
    case 'number':
      return typeof key === 'number' && Number.isFinite(key);
    case 'boolean':
      return typeof key === 'boolean';
    case 'enum':
      return typeof key === 'string' && (enumValues === undefined || enumValues.includes(key));
    case 'string':
      return typeof key === 'string';
    default:
      return false;
  }
}
