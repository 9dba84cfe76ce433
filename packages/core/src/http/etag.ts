import { sha256 } from '@noble/hashes/sha2.js';
import { base64url } from './base64url.js';

/**
 * Entity tags. A record's tag is its version; a list's tag is the collection's revision. Both
 * come from the data's write history alone, so every process holding the same data gives the
 * same tags, and a list tag goes stale on any write to the collection.
 */
export function memberEtag(version: number): string {
  return `"v${version}"`;
}

/**
 * A list's tag. `variant` names whose view of the collection it is, when lists differ by caller
 * (a collection with a listFilter): two callers' pages then never share a tag.
 */
export function listEtag(revision: number, variant?: string): string {
  return variant === undefined ? `"r${revision}"` : `"r${revision}.${variant}"`;
}

/** The collection revision a list tag was made from, or undefined for any other tag. */
export function revisionOfListEtag(tag: string): number | undefined {
  const match = /^"r(\d{1,15})(?:\.[A-Za-z0-9_-]{1,64})?"$/.exec(tag);
  return match ? Number(match[1]) : undefined;
}

/** A short, stable name for a caller, for list tags (not reversible to the subject). */
export function callerVariant(subject: string | undefined): string {
  return base64url(sha256(new TextEncoder().encode(subject ?? ''))).slice(0, 12);
}

/** The tags of an If-Match / If-None-Match header; `*` stands alone. Malformed parts are dropped. */
export function parseEtags(header: string): { readonly any: boolean; readonly tags: readonly string[] } {
  if (header.trim() === '*') return { any: true, tags: [] };
  const tags = header.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return { any: false, tags };
}

/** If-None-Match uses the weak comparison: `W/"v1"` matches `"v1"`. */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const { any, tags } = parseEtags(header);
  return any || tags.some((tag) => tag.replace(/^W\//, '') === etag);
}

/** If-Match uses the strong comparison: a weak tag never matches. */
export function ifMatchHits(header: string, etag: string): boolean {
  const { any, tags } = parseEtags(header);
  return any || tags.includes(etag);
}
