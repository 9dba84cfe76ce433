import { CorralError } from '@corral/errors';
import type { z } from 'zod';
import { storedFieldKind } from '../schema/field-kind.js';
import type { AnyCollection, ParentOptions } from './define-collection.js';

/**
 * A to-one relation: `field` holds the id of a record of `collection`. Each record links to that
 * record under the relation's name, and `?expand=<name>` embeds it.
 */
export interface RelationOptions<F extends string = string> {
  /** The collection the related record lives in; it must be served at the top level. */
  readonly collection: AnyCollection;
  /** The field holding the related record's id. */
  readonly field: F;
}

const validName = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Names a relation may not take: the properties every record has. */
const takenNames = ['id', 'links', 'self'];

/** The check every relation name passes: a word, not a field of the record, and not taken twice. */
export function checkRelationName(
  owner: string,
  name: string,
  fields: readonly string[],
  taken: ReadonlySet<string>,
): void {
  if (!validName.test(name))
    throw new CorralError(
      'CORRAL_INVALID_RELATION',
      `Collection "${owner}": relation name "${name}" must be a word (letters, digits, _) usable in a query string`,
    );
  if (fields.includes(name) || takenNames.includes(name))
    throw new CorralError(
      'CORRAL_INVALID_RELATION',
      `Collection "${owner}": relation "${name}" would hide the record's property of that name`,
    );
  if (taken.has(name))
    throw new CorralError('CORRAL_INVALID_RELATION', `Collection "${owner}": relation "${name}" is declared twice`);
}

/**
 * The to-one relations of a collection: the one to its parent when `parent.relation` names it,
 * then those declared in `relations` (links come in this order). Checked here, so that a mistake
 * fails when the collection is declared.
 */
export function toOneRelations(
  owner: string,
  shape: Readonly<Record<string, z.ZodType>>,
  declared: Readonly<Record<string, RelationOptions>> | undefined,
  parent: ParentOptions | undefined,
): Readonly<Record<string, RelationOptions>> {
  const relations: Record<string, RelationOptions> = {};
  // A parent key the server sets is a property of every record too.
  const fields = [...Object.keys(shape), ...(parent && !(parent.field in shape) ? [parent.field] : [])];
  const entries = [
    ...(parent?.relation === undefined
      ? []
      : [[parent.relation, { collection: parent.collection, field: parent.field }] as const]),
    ...Object.entries(declared ?? {}),
  ];
  for (const [name, relation] of entries) {
    checkRelationName(owner, name, fields, new Set(Object.keys(relations)));
    if (!fields.includes(relation.field))
      throw new CorralError(
        'CORRAL_UNKNOWN_FIELD',
        `Collection "${owner}": relation "${name}" names unknown field "${relation.field}"`,
      );
    const schema = shape[relation.field];
    const kind = schema ? storedFieldKind(schema) : 'string';
    if (kind !== 'string' && kind !== 'integer' && kind !== 'enum') {
      throw new CorralError(
        'CORRAL_INVALID_RELATION',
        `Collection "${owner}": relation "${name}" reads ids from "${relation.field}", which holds ${kind} values; an id field holds text or whole numbers`,
      );
    }
    if (relation.collection.parent?.topLevel === false) {
      throw new CorralError(
        'CORRAL_INVALID_RELATION',
        `Collection "${owner}": relation "${name}" leads to ${relation.collection.name}, which is served only below its parent; a record there has no address of its own to link to`,
      );
    }
    relations[name] = Object.freeze({ collection: relation.collection, field: relation.field });
  }
  if (parent?.inverse !== undefined && !validName.test(parent.inverse)) {
    throw new CorralError(
      'CORRAL_INVALID_RELATION',
      `Collection "${owner}": parent.inverse "${parent.inverse}" must be a word (letters, digits, _) usable in a query string`,
    );
  }
  return Object.freeze(relations);
}
