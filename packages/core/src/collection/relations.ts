import { CorralError } from '@corral/errors';
import type { AnyCollection } from './define-collection.js';
import { checkRelationName } from './relation-declaration.js';
import type { CollectionRuntime } from './runtime.js';

/** A relation of a record, as lists and links use it once the version's collections are known. */
export type RuntimeRelation =
  | {
      /** One related record, whose id `field` holds. */
      readonly kind: 'one';
      /** Link rel, expansion name and the embedded property's name. */
      readonly name: string;
      /** The field holding the related record's id. */
      readonly field: string;
      /** The related collection. */
      readonly target: CollectionRuntime;
    }
  | {
      /** The records of a collection nested below this one. */
      readonly kind: 'many';
      /** Link rel, expansion name and the embedded property's name. */
      readonly name: string;
      /** The nested collection. */
      readonly target: CollectionRuntime;
    };

/**
 * Fills in every runtime's relations once the version's runtimes exist: the to-one relations its
 * collection declares, then the to-many ones that nested collections name with `parent.inverse`.
 */
export function linkRelations(runtimes: ReadonlyMap<AnyCollection, CollectionRuntime>): void {
  for (const runtime of runtimes.values()) {
    for (const [name, relation] of Object.entries(runtime.collection.relations)) {
      const target = runtimes.get(relation.collection);
      if (!target)
        throw new CorralError(
          'CORRAL_RELATION_NOT_IN_VERSION',
          `Collection "${runtime.collection.name}": relation "${name}" leads to ${relation.collection.name}, which is not part of this API version`,
        );
      runtime.relations.set(name, { kind: 'one', name, field: relation.field, target });
    }
  }
  for (const runtime of runtimes.values()) {
    const parent = runtime.collection.parent;
    const name = parent?.inverse;
    if (!parent || name === undefined) continue;
    // The parent is in the version: nesting below it was checked first.
    const owner = runtimes.get(parent.collection)!;
    checkRelationName(owner.collection.name, name, owner.recordFields, new Set(owner.relations.keys()));
    if (runtime.collection.expandable && !runtime.collection.store.listGroups) {
      throw new CorralError(
        'CORRAL_STORE_LACKS_FEATURE',
        `Collection "${runtime.collection.name}": parent.inverse "${name}" lets ${owner.collection.name} embed its records, which its store cannot list by groups (listGroups)`,
      );
    }
    owner.relations.set(name, { kind: 'many', name, target: runtime });
  }
}

/** The value a to-one relation's field holds, as an id; undefined when empty. */
export function relationKey(data: Readonly<Record<string, unknown>>, field: string): string | undefined {
  const value = data[field];
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/**
 * Where the records of `child` below one record of `owner` are listed: `zoos/1/animals` (the route
 * nesting adds, whatever the owner's own path).
 */
export function childrenPath(owner: CollectionRuntime, id: string, child: CollectionRuntime): string {
  return `${owner.collection.name}/${encodeURIComponent(id)}/${child.collection.name}`;
}
