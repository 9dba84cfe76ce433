import type { AnyCollection } from '@corral/core';
import { pascal } from './collection-schemas.js';
import { ref } from './json-schema.js';

/** A relation as the document shows it: its name, whether it embeds one record or a page, and where they live. */
export interface DocumentedRelation {
  /** Link rel, expansion name and property name. */
  readonly name: string;
  /** One record (to-one) or a page of records (to-many). */
  readonly kind: 'one' | 'many';
  /** The related collection. */
  readonly target: AnyCollection;
}

/**
 * The relations of a collection in a version that `expand` may embed, in the order the server links
 * them: to-one, then to-many.
 */
export function relationsOf(collection: AnyCollection, collections: readonly AnyCollection[]): DocumentedRelation[] {
  return (
    [
      ...Object.entries(collection.relations).map(([name, relation]) => ({
        name,
        kind: 'one' as const,
        target: relation.collection,
      })),
      ...collections.flatMap((child) =>
        child.parent?.collection === collection && child.parent.inverse !== undefined
          ? [{ name: child.parent.inverse, kind: 'many' as const, target: child }]
          : [],
      ),
    ] as DocumentedRelation[]
  ).filter((relation) => relation.target.expandable);
}

/** Past this many chains the parameter gives their form rather than each one. */
const listedChains = 100;

/** Every chain `expand` accepts from a collection (`zoo`, `zoo.animals`...), up to `maxDepth` relations. */
function chainsOf(
  collection: AnyCollection,
  collections: readonly AnyCollection[],
  maxDepth: number,
  prefix = '',
): string[] {
  if (maxDepth === 0) return [];
  return relationsOf(collection, collections).flatMap(({ name, target }) => [
    `${prefix}${name}`,
    ...chainsOf(target, collections, maxDepth - 1, `${prefix}${name}.`),
  ]);
}

/** `expand`, with the chains it accepts; undefined for a collection without relations. */
export function expandParameter(
  collection: AnyCollection,
  collections: readonly AnyCollection[],
  maxDepth: number,
): unknown {
  const chains = chainsOf(collection, collections, maxDepth);
  if (chains.length === 0) return undefined;
  const names = relationsOf(collection, collections)
    .map((relation) => relation.name)
    .join(', ');
  const item =
    chains.length <= listedChains
      ? { type: 'string', enum: chains }
      : { type: 'string', pattern: `^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*){0,${maxDepth - 1}}$` };
  return {
    name: 'expand',
    in: 'query',
    required: false,
    description: `Related records to embed (separated by commas): ${names}; a chain such as a.b embeds in the embedded records too, up to ${maxDepth} relations. A to-one relation embeds the record (null when there is none the caller may read), a to-many one the first page of it with a nextPage link to the rest.`,
    style: 'form',
    explode: false,
    schema: { type: 'array', minItems: 1, maxItems: chains.length, items: item },
  };
}

/** The properties an expansion adds to a record (absent unless asked for). */
export function expandedProperties(
  collection: AnyCollection,
  collections: readonly AnyCollection[],
): Record<string, unknown> {
  return Object.fromEntries(
    relationsOf(collection, collections).map(({ name, kind, target }) => [
      name,
      kind === 'one'
        ? {
            anyOf: [ref(pascal(target.name)), { type: 'null' }],
            readOnly: true,
            description: `With expand=${name}: the related record of ${target.name}, null when there is none the caller may read`,
          }
        : {
            ...ref(`${pascal(target.name)}Page`),
            readOnly: true,
            description: `With expand=${name}: the first records of ${target.name} below this one, with a nextPage link to the rest`,
          },
    ]),
  );
}
