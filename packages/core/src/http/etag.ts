import { sha256 } from '@noble/hashes/sha2.js';
import { base64url } from './base64url.js';

/**
 * Entity tags. A record's tag is its version; a list's tag is the collection's revision. Both
 * come from the data's write history alone, so every process holding the same data gives the
 * same tags, and a list tag goes stale on any write to the collection.
 */
export function memberEtag(version: number, variant?: string): string {
  return variant === undefined ? `"v${version}"` : `"v${version}.${variant}"`;
}

/**
 * A list's tag. `variant` names whose view of the collection it is, when lists differ by caller
 * (a collection with a listFilter): two callers' pages then never share a tag.
 */
export function listEtag(revision: number, variant?: string): string {
  return variant === undefined ? `"r${revision}"` : `"r${revision}.${variant}"`;
}

/**
 * The variant of a list tag for a store whose revision does not see every write (a table other
 * programs also write): a digest of what the page shows (the total and each record's id and
 * version), with the caller's variant, so that a change made behind the store's back still
 * changes the tag of every page it shows on.
 */
export function contentVariant(
  variant: string | undefined,
  total: number,
  records: readonly { readonly id: string; readonly version: number }[],
): string {
  let text = `${variant ?? ''}|${total}`;
  for (const record of records) text += `|${record.id}:${record.version}`;
  return shortDigest(text);
}

/**
 * Two 53-bit string hashes (cyrb53) with different seeds, in base 36: for tags that only have to
 * change with what they name, not resist a forger, at a fraction of the cost of a SHA-256 written
 * in JavaScript.
 */
export function shortDigest(text: string): string {
  return `${cyrb53(text, 1).toString(36)}${cyrb53(text, 2).toString(36)}`;
}

/** cyrb53 (public domain, bryc): a fast, well-mixed 53-bit hash of a string's UTF-16 code units. */
function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
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

/** The version an If-Match of exactly one member tag (see {@link memberEtag}, no variant) names; else undefined. */
export function taggedVersion(header: string): number | undefined {
  const { any, tags } = parseEtags(header);
  const version = !any && tags.length === 1 ? /^"v(0|[1-9]\d{0,14})"$/.exec(tags[0]!)?.[1] : undefined;
  return version === undefined ? undefined : Number(version);
}
