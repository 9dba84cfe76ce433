import type { Link } from './links.js';

/**
 * What the client knows of one collection's types: its records' data, its filters (query name ->
 * value type), its sortable fields and its link rels (rel -> what following it gives: a record type,
 * or an array type for a list).
 */
export interface CollectionShape {
  /** The data of a record, without `id` and `links`. */
  readonly record: object;
  /** Filter parameter -> the type of its value. */
  readonly filters: object;
  /** Names `sort` accepts. */
  readonly sortable: string;
  /** Rel -> the target's type; an array type means the link leads to a list. */
  readonly links: object;
}

/** The shape of a collection the client knows nothing about (the plain, untyped mode). */
export interface UntypedShape {
  /** Any JSON object. */
  readonly record: Record<string, unknown>;
  /** Any filter name, with a text, number or boolean value. */
  readonly filters: Record<string, string | number | boolean>;
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

/** A record as the API answers it: its data, the server's `id`, and its links. */
export type ClientRecord<S extends CollectionShape> = S['record'] & {
  /** Server-assigned id. */
  readonly id: string;
  /** `self` first, then the collection's own links. */
  readonly links: readonly TypedLink<Extract<keyof S['links'], string>>[];
};

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
