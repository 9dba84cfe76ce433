import type { Link } from './links.js';
import type { CollectionShape } from './shapes.js';

/**
 * What `expand` accepts for a collection: one of its link rels, or a chain starting with one
 * (`zoo.animals`); the server checks the rest of a chain.
 */
export type ExpandName<S extends CollectionShape> =
  | Extract<keyof S['links'], string>
  | `${Extract<keyof S['links'], string>}.${string}`;

/** The relation a name of {@link ExpandName} starts with: `zoo` for `zoo.animals`. */
export type ExpandHead<E extends string> = E extends `${infer Head}.${string}` ? Head : E;

/**
 * The page a to-many expansion embeds: the first records under the collection's name, and a
 * `nextPage` link to the rest.
 */
export type EmbeddedPage<N extends string, R> = {
  /** Always 0: the embedded page is the first. */
  readonly offset: number;
  /** Records embedded at most. */
  readonly limit: number;
  /** Records of the relation in all. */
  readonly total: number;
  /** `nextPage`, when there are more. */
  readonly links: readonly Link[];
} & { readonly [K in N]: readonly R[] };

/**
 * The properties `expand` adds to a record: relation -> the embedded record (or null) or page,
 * typed where the shape says.
 */
export type Expanded<S extends CollectionShape, E extends string> = [E] extends [never]
  ? unknown
  : S extends WithExpansions<infer X>
    ? { readonly [K in ExpandHead<E> & keyof X]: X[K] }
    : { readonly [K in ExpandHead<E>]: unknown };

/** A shape that says what its expansions embed, as {@link Expanded} reads it. */
export interface WithExpansions<X> {
  /** Rel -> what `expand` embeds under it. */
  readonly expansions: X;
}

/** The `expand` of list options, kept as the literal names given. */
export interface ChosenExpansions<E extends string> {
  /** Related records to embed (`expand=zoo,zoo.animals`): each record gets a property per relation. */
  readonly expand?: readonly E[];
}
