import { ApiError } from '@corral/errors';
import { quote, singleValue, type QueryReader } from '../http/query-params.js';
import type { RuntimeRelation } from './relations.js';
import type { CollectionRuntime } from './runtime.js';

/** One relation to embed, and what to embed in turn in each of its records. */
export interface Expansion {
  /** The relation followed. */
  readonly relation: RuntimeRelation;
  /** Expansions of the related records. */
  readonly nested: readonly Expansion[];
}

/** What may be expanded from a collection, for an error message. */
function expandable(runtime: CollectionRuntime): string {
  const names = [...runtime.relations.values()]
    .filter((relation) => relation.target.collection.expandable)
    .map((relation) => relation.name);
  return names.length === 0
    ? `${runtime.collection.name} has no relations to expand`
    : `relations of ${runtime.collection.name} that may be expanded: ${names.join(', ')}`;
}

/**
 * The relations `?expand=a,b.c` asks to embed, as a tree (a chain named twice is followed once);
 * undefined without the parameter. A name that is no relation there, or a chain longer than
 * `maxDepth`, is a 400 saying what may be expanded.
 */
export function expansionsOf(
  runtime: CollectionRuntime,
  query: QueryReader,
  maxDepth: number,
): readonly Expansion[] | undefined {
  const raw = singleValue(query, 'expand');
  if (raw === undefined) return undefined;
  type Node = { relation: RuntimeRelation; nested: Map<string, Node> };
  const roots = new Map<string, Node>();
  for (const chain of raw.split(',')) {
    const names = chain.split('.');
    if (names.length > maxDepth)
      throw new ApiError(
        'invalidExpansion',
        `expand ${quote(chain)} follows ${names.length} relations; at most ${maxDepth} may be chained`,
      );
    let level = roots;
    let at = runtime;
    for (const name of names) {
      const relation = at.relations.get(name);
      if (relation && !relation.target.collection.expandable) {
        throw new ApiError(
          'invalidExpansion',
          `expand names ${quote(name)}, whose records (${relation.target.collection.name}) are not embedded in other answers: follow the ${quote(name)} link; ${expandable(at)}`,
        );
      }
      if (!relation) {
        const what = name === '' ? 'an empty name' : `${quote(name)}, which is no relation of ${at.collection.name}`;
        throw new ApiError(
          'invalidExpansion',
          `expand names ${what}; ${expandable(at)}. Chains are written a.b, several separated by commas`,
        );
      }
      let node = level.get(name);
      if (!node) level.set(name, (node = { relation, nested: new Map() }));
      level = node.nested;
      at = relation.target;
    }
  }
  const frozen = (nodes: Map<string, Node>): Expansion[] =>
    [...nodes.values()].map((node) => ({ relation: node.relation, nested: frozen(node.nested) }));
  return frozen(roots);
}
