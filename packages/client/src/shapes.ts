import type { Feed } from './feed.js';
import type { WatchOptions } from './watch-options.js';
import type { Followed } from './follow.js';
import type { Link } from './links.js';
import type { Page } from './page.js';

/**
 * What the client knows of one collection's types: its records' data, its filters (query name ->
 * value type), its sortable fields and its link rels (rel -> what following it gives: a record type,
 * or an array type for a list).
 */
export interface CollectionShape {
  /** The data of a record, without `id` and `links`. */
  readonly record: object;
  /** Filter parameter -> the type of its value (or operator -> value, see `FilterInput`). */
  readonly filters: object;
  /** Names `sort` accepts. */
  readonly sortable: string;
  /** Rel -> the target's type; an array type means the link leads to a list. */
  readonly links: object;
  /** Rel -> what `expand` embeds under it (a record or null, or a page); absent when not known. */
  readonly expansions?: object;
}

/** The shape of a collection the client knows nothing about (the plain, untyped mode). */
export interface UntypedShape {
  /** Any JSON object. */
  readonly record: Record<string, unknown>;
  /**
   * Any filter name, with a text, number or boolean value, or operator -> value (`{ gte: 3 }`, `{
   * in: ['a', 'b'] }`).
   */
  readonly filters: Record<
    string,
    | string
    | number
    | boolean
    | Readonly<Record<string, string | number | boolean | readonly (string | number | boolean)[]>>
  >;
  /** Any field name. */
  readonly sortable: string;
  /** Any rel, leading to JSON the caller checks. */
  readonly links: Record<string, unknown>;
}

/** A link whose rel is one of `Rel`. */
export type TypedLink<Rel extends string> = Omit<Link, 'rel'> & {
  /** One of the rels the collection declares, or `self`. */
  readonly rel: Rel | 'self';
};

/** A record's JSON as the API answers it: its data, the server's `id`, and its links. */
export type RecordJson<S extends CollectionShape> = S['record'] & {
  /** Server-assigned id. */
  readonly id: string;
  /** `self` first, then the collection's own links. */
  readonly links: readonly TypedLink<Extract<keyof S['links'], string>>[];
};

/**
 * A record as the client hands it out: its JSON, `follow(rel)` to read one of its links
 * (`await employee.follow('salary')`) and `watch()` for its feed. The methods are not enumerable:
 * serializing, spreading or cloning the record gives the JSON the server sent, which is a
 * {@link RecordJson} (follow its links with `collection.follow(copy, rel)`). A record whose data
 * has a field named `follow` or `watch` keeps that field and gets no such method (untyped records,
 * which may have any field, get the methods).
 */
export type ClientRecord<S extends CollectionShape> = RecordJson<S> &
  (string extends keyof S['record']
    ? RecordFollow<S>
    : 'follow' extends keyof S['record']
      ? unknown
      : RecordFollow<S>) &
  (string extends keyof S['record'] ? RecordWatch<S> : 'watch' extends keyof S['record'] ? unknown : RecordWatch<S>);

/** The `watch` method of a record (not enumerable, as `follow`). */
export interface RecordWatch<S extends CollectionShape> {
  /**
   * The record's feed (its `self` link with `Accept: text/event-stream`): its changes as typed
   * events, from the position of the answer the record came in unless the options say otherwise;
   * it ends after the record's `deleted`.
   */
  watch(options?: WatchOptions): Feed<ClientRecord<S>>;
}

/** The `follow` method of a typed record. */
export interface RecordFollow<S extends CollectionShape> {
  /**
   * Reads the link `rel`: a list gives a {@link Page}, a record the record (`self` gives this
   * record again), typed by the collection's link map.
   */
  follow<Rel extends Extract<keyof S['links'], string> | 'self'>(
    rel: Rel,
    signal?: AbortSignal,
  ): Promise<Rel extends 'self' ? ClientRecord<S> : Followed<S, Rel>>;
}

/** What any record the client returns can do, untyped: the records of a followed list, of `client.read`. */
export interface FollowAny {
  /** Reads the link `rel` of the record; a list comes back as a {@link Page}. */
  follow(rel: string, signal?: AbortSignal): Promise<unknown>;
}

/**
 * A record to write to: one the client returned, its JSON, or anything with its `id` (and its
 * `self` link). `Rel` keeps out records of collections with other link rels.
 */
export interface RecordRef<Rel extends string = string> {
  /** The record's id. */
  readonly id: string;
  /** Its links; a `self` link gives the URL to write to (it must lie below the collection's URL). */
  readonly links?: readonly TypedLink<Rel>[];
}

/** Rels that can be followed from a record. */
export type RelOf<R> = R extends LinkedRecord<infer Rel> ? Extract<Rel, string> : string;

/** A document whose links carry rels of type `Rel`. */
export interface LinkedRecord<Rel> {
  /** Its links. */
  readonly links: readonly {
    /** The link's rel. */
    readonly rel: Rel;
  }[];
}
