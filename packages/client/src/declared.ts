import type { EmbeddedPage } from './expansions.js';
import type { FilterInput } from './filters.js';
import type { ClientRecordBase } from './follow.js';
import type { FollowAny } from './shapes.js';

/**
 * The shape of a collection from the type of its server declaration (`typeof employees`, or the
 * return type of a function building it), read with `import type` only: no server code at run time.
 * The records' data comes from the declaration's `links` builder parameter, filters and sortable
 * fields from the declared ones. Link rels are not part of a declaration's type, so `Links` names
 * them: rel -> the declaration (or shape) of the target, in an array for a list (`{ salary: [typeof statements] }`).
 * Without `Links` the records have no typed rels: `follow` takes only `self`, `expand` nothing (the
 * untyped `client.follow(record, rel)` still reaches any link).
 */
export interface CollectionTypes<C extends Declaration, Links extends object = NoLinks> {
  /** The record's data, without `id`. */
  readonly record: RecordData<C>;
  /**
   * Each declared filter with the type of the field it matches, or operator -> value for its declared
   * operators; none when the declaration names none (its type then allows any name, the API none).
   */
  readonly filters: string extends keyof C['filters']
    ? NoFilters
    : { readonly [K in keyof C['filters']]: FilterOf<C['filters'][K], RecordData<C>> };
  /** The declared sortable fields. */
  readonly sortable: Extract<C['sortable'][number], string>;
  /** Rel -> what following it gives. */
  readonly links: { readonly [Rel in keyof Links]: Target<Links[Rel]> };
  /** Rel -> what `expand` embeds under it: the record or null, or the first page of a list. */
  readonly expansions: { readonly [Rel in keyof Links]: Embedded<Links[Rel]> };
}

/** The filters of a collection that declares none. */
export type NoFilters = Record<never, never>;

/** The link map of a collection whose rels were not named: none. */
export type NoLinks = Record<never, never>;

/**
 * What an expansion embeds for a link map entry: a page under the target collection's name for a
 * list, else the record or null.
 */
export type Embedded<T> = T extends readonly [infer Item]
  ? EmbeddedPage<NameOf<Item>, EmbeddedRecord<Item>>
  : EmbeddedRecord<T> | null;

/** An embedded record: its JSON only (the client adds `follow` to the records of a page, not to what they embed). */
export type EmbeddedRecord<T> = T extends Declaration ? RecordData<T> & ClientRecordBase : T;

/** The collection name a declaration carries (`string` for a shape). */
export type NameOf<T> = T extends Named<infer N> ? N : string;

/** Anything with a collection name, as {@link NameOf} reads it. */
export interface Named<N extends string> {
  /** The collection's name. */
  readonly name: N;
}

/** A declared filter's value: a bare field name filters by equality; a declaration with operators allows those. */
export type FilterOf<Entry, R> = Entry extends keyof R
  ? R[Entry]
  : Entry extends DeclaredOperators<infer F, infer Op>
    ? F extends keyof R
      ? FilterInput<NonNullable<R[F]>, Extract<Op, string>>
      : never
    : never;

/** A filter declared with operators, as {@link FilterOf} reads it. */
export interface DeclaredOperators<F, Op> {
  /** The field compared. */
  readonly field: F;
  /** The operators allowed. */
  readonly operators: readonly Op[];
}

/** What the client reads of a declaration's type: the parts `defineCollection` returns. */
export interface Declaration {
  /** Builds each record's links from the record: its parameter is the record's type. */
  readonly links: (record: never) => unknown;
  /** Query name -> field. */
  readonly filters: object;
  /** Sortable fields. */
  readonly sortable: readonly unknown[];
}

/** A record's data as a declaration types it (the `links` builder's parameter, `id` left out). */
export type RecordData<C extends Declaration> = C['links'] extends (record: infer R) => unknown ? Omit<R, 'id'> : never;

/** The record of a declaration (its data, `id` and links), a shape's record, or the type itself. */
export type RecordOfTarget<T> = T extends Declaration ? RecordData<T> & ClientRecordBase & FollowAny : T;

/** A link map entry, as {@link CollectionTypes} reads it: `[X]` is a list of X, anything else one X. */
export type Target<T> = T extends readonly [infer Item] ? RecordOfTarget<Item>[] : RecordOfTarget<T>;
