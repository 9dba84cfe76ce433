import type { ExpandHead } from './expansions.js';
import type { FollowAny } from './shapes.js';
import type { OpenApiFilters } from './openapi-filters.js';

/** The type of property `K` of `T`, optional or not (`unknown` when `T` has no such property). */
export type PropertyOf<T, K extends PropertyKey> = T extends Partial<Record<K, infer V>> ? V : never;

/** The members of a union as one intersection (`A | B` -> `A & B`). */
export type IntersectionOf<U> = (U extends unknown ? (member: U) => void : never) extends (member: infer I) => void
  ? I
  : never;

/**
 * Of the forms a body may take, the whole one: the member every other member accepts. A read
 * answers whole records, or (with `?fields=`) partial ones whose properties are optional; a call
 * without `fields` gets the whole form, and `fields` narrows it on the client's side.
 */
export type WholeForm<U, All = U> = U extends unknown ? ([U] extends [IntersectionOf<All>] ? U : never) : never;

/** The JSON body a path item's GET answers with 200 without `fields`, as openapi-typescript writes it. */
export type ListBody<Item> = WholeForm<
  PropertyOf<
    PropertyOf<PropertyOf<PropertyOf<PropertyOf<Item, 'get'>, 'responses'>, 200>, 'content'>,
    'application/json'
  >
>;

/** The query parameters of a path item's GET. */
export type ListQuery<Item> = NonNullable<PropertyOf<PropertyOf<PropertyOf<Item, 'get'>, 'parameters'>, 'query'>>;

/**
 * The collection name of path `K` below `Base`: one segment (`/v1/zoos`), whose GET answers a list
 * envelope holding the records under that name; never for any other path.
 */
export type CollectionNameOf<K, Item, Base extends string> = K extends `${Base}/${infer Name}`
  ? Name extends `${string}/${string}` | `${string}{${string}`
    ? never
    : [ListBody<Item>] extends [Record<Name, readonly unknown[]> & Record<'total', number> & Record<'links', unknown>]
      ? [ListBody<Item>] extends [never]
        ? never // no JSON answer at all (a page, a file)
        : Name
      : never
  : never;

/** A record as the list of path item `Item` holds it. */
export type ListedRecordOf<Item, Name extends string> =
  ListBody<Item> extends Record<Name, readonly (infer R)[]> ? R : never;

/**
 * The relations `expand` takes for a path item (the heads of its `expand` values); the client's
 * typed rels. None when the list takes no `expand`: a bare `never extends ...` would give every
 * string, and `Omit` of every string would leave the record without properties.
 */
export type ExpandableRel<Item> = [NonNullable<PropertyOf<ListQuery<Item>, 'expand'>>] extends [never]
  ? never
  : NonNullable<PropertyOf<ListQuery<Item>, 'expand'>> extends readonly (infer E extends string)[]
    ? ExpandHead<E>
    : never;

/** The records of a page type: its one array property besides `links`; never for a record type. */
export type PageItem<P> = {
  [K in keyof P]-?: K extends 'links' ? never : NonNullable<P[K]> extends readonly (infer R)[] ? R : never;
}[keyof P];

/** What following a rel gives: the records of an embedded page's type as a list, else the record. */
export type FollowedTarget<T> = [PageItem<NonNullable<T>>] extends [never]
  ? NonNullable<T> & FollowAny
  : (PageItem<NonNullable<T>> & FollowAny)[];

/** The shape of one collection, read from its path item in openapi-typescript's `paths`. */
export type OpenApiShape<Item, Name extends string> = {
  /** The record's data: its properties without `id`, `links` and the expansions. */
  readonly record: Omit<ListedRecordOf<Item, Name>, 'id' | 'links' | ExpandableRel<Item>>;
  /** Filters from the list's query parameters. */
  readonly filters: OpenApiFilters<ListQuery<Item>>;
  /** The values of `sortby`. */
  readonly sortable: Extract<PropertyOf<ListQuery<Item>, 'sortby'>, string>;
  /** Rel -> the target (an array type for a list): the relations the list can expand. */
  readonly links: {
    readonly [Rel in ExpandableRel<Item>]: FollowedTarget<
      ListedRecordOf<Item, Name>[Rel & keyof ListedRecordOf<Item, Name>]
    >;
  };
  /** Rel -> what `expand` embeds under it. */
  readonly expansions: {
    readonly [Rel in ExpandableRel<Item>]: Exclude<
      ListedRecordOf<Item, Name>[Rel & keyof ListedRecordOf<Item, Name>],
      undefined
    >;
  };
};

/**
 * Collection types from openapi-typescript's `paths` (generated from the API's OpenAPI document),
 * for a consumer without the server's source: `createClient<OpenApiTypes<paths, '/v1'>>(...)`.
 * `Base` is the version's path prefix as the document's paths spell it. Records, filters (with
 * their operators), sort fields and the rels the list can expand are read from the document.
 */
export type OpenApiTypes<Paths, Base extends string> = {
  readonly [K in keyof Paths as CollectionNameOf<K, Paths[K], Base>]: OpenApiShape<
    Paths[K],
    CollectionNameOf<K, Paths[K], Base>
  >;
};
