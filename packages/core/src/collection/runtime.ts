import { CorralError } from '@corral/errors';
import type { PagingOptions } from '@corral/pagination';
import type { z } from 'zod';
import { bodyRules, type BodyRules } from '../schema/body-rules.js';
import { fieldKind, fieldPresence, storedFieldKind } from '../schema/field-kind.js';
import { fieldLimits } from '../schema/field-limits.js';
import type { FieldLimits, Store, StoredFieldKind, StoreInit } from '../store/store.js';
import type { AnyCollection } from './define-collection.js';
import { fieldFilter, fieldFilters, type FieldFilter } from './field-filters.js';
import { serverParentField as serverParentFieldOf } from './parent-field.js';
import { listParamRules, type ListParamRules } from './list-params.js';
import { comparesByRange, filterField, operatorsOf } from './filter-declaration.js';
import type { RuntimeRelation } from './relations.js';
import { SerializedRecords } from './serialized-records.js';

/** Everything about a collection that can be worked out once at startup rather than per request. */
export interface CollectionRuntime {
  readonly collection: AnyCollection;
  readonly body: BodyRules;
  readonly list: ListParamRules;
  /** The parent key when the server sets it from the path (absent from the schema). */
  readonly serverParentField: string | undefined;
  /** Reads a parent id from the path as the parent field's type. */
  readonly parentFilter: FieldFilter | undefined;
  /** Collections nested below this one, filled in once every runtime of the version exists. */
  readonly children: CollectionRuntime[];
  /** Relations by name (to-one first, then to-many), filled in once every runtime of the version exists. */
  readonly relations: Map<string, RuntimeRelation>;
  /** JSON of record representations, reused while a record is unchanged. */
  readonly serialized: SerializedRecords;
  /** The properties of a record besides `id` and `links`: the schema's fields, and a parent key the server sets. */
  readonly recordFields: readonly string[];
  /**
   * Fields the collection's links and paths read, which a store must return with any selection
   * (`?fields=`): the parent key to begin with, and each field a link was seen to read.
   */
  readonly linkFields: Set<string>;
  /** What each stored field holds (from {@link storeInitOf}), to check a cursor's sort value. */
  readonly storeFields: Readonly<Record<string, StoredFieldKind>>;
  /** The values of each enum field. */
  readonly enumValues: Readonly<Record<string, readonly string[]>>;
  /** Path below the version root where this collection's records live, e.g. `zoos`. */
  collectionPath(data: Readonly<Record<string, unknown>>): string;
}

/** What the collection tells its store before the first call. */
export function storeInitOf(collection: AnyCollection): StoreInit {
  const shape = collection.schema.shape as Record<string, z.ZodType>;
  const parent = collection.parent;
  const fields: Record<string, StoredFieldKind> = {};
  const required: string[] = [];
  const nullable: string[] = [];
  const enums: Record<string, readonly string[]> = {};
  const limits: Record<string, FieldLimits> = {};
  for (const [name, schema] of Object.entries(shape)) {
    fields[name] = storedFieldKind(schema);
    const presence = fieldPresence(schema);
    if (presence.nullable) nullable.push(name);
    else if (!presence.optional) required.push(name);
    const kind = fieldKind(schema);
    if (kind.type === 'enum') enums[name] = kind.values;
    const limited = fieldLimits(schema);
    if (limited) limits[name] = limited;
  }
  // A parent key the server sets from the path is stored with the record all the same, always.
  if (parent && !(parent.field in fields)) {
    fields[parent.field] = 'string';
    required.push(parent.field);
  }
  return {
    collection: collection.name,
    fields,
    filterable: [
      ...new Set([...Object.values(collection.filters).map(filterField), ...(parent ? [parent.field] : [])]),
    ],
    sortable: [...collection.sortable],
    ranged: [...new Set(Object.values(collection.filters).filter(comparesByRange).map(filterField))],
    searchable: [...collection.searchable],
    required,
    nullable,
    enums,
    idFields: [
      ...new Set([...(parent ? [parent.field] : []), ...Object.values(collection.relations).map((r) => r.field)]),
    ],
    limits,
    unique: collection.unique.map((key) => [...key]),
    ...(parent
      ? {
          parentField: parent.field,
          parent: {
            field: parent.field,
            collection: parent.collection.name,
            store: parent.collection.store as Store<object>,
            onDelete: parent.onParentDelete ?? 'restrict',
          },
        }
      : {}),
  };
}

/**
 * Where a record of the collection lives below the version root: `zoos`, or
 * `employees/7/salaryStatements` when nested only.
 */
export function collectionPathOf(collection: AnyCollection, data: Readonly<Record<string, unknown>>): string {
  const parent = collection.parent;
  if (parent?.topLevel !== false) return collection.name;
  return `${parent.collection.name}/${encodeURIComponent(String(data[parent.field]))}/${collection.name}`;
}

export function collectionRuntime(collection: AnyCollection, paging: PagingOptions): CollectionRuntime {
  const shape = collection.schema.shape as Record<string, z.ZodType>;
  const fields = Object.keys(shape);
  const parent = collection.parent;
  const serverParentField = serverParentFieldOf(collection);
  const readOnly = ['id', 'links', ...(serverParentField ? [serverParentField] : [])];
  const init = storeInitOf(collection);
  const compared = Object.entries(collection.filters).find(([, entry]) =>
    operatorsOf(entry).some((operator) => operator !== 'eq'),
  );
  if (compared && !collection.store.listFeatures?.conditions) {
    throw new CorralError(
      'CORRAL_STORE_LACKS_FEATURE',
      `Collection "${collection.name}": filter "${compared[0]}" compares by ${operatorsOf(compared[1])
        .filter((o) => o !== 'eq')
        .join(', ')}, which its store does not carry out (listFeatures.conditions)`,
    );
  }
  const runtime: CollectionRuntime = {
    collection,
    body: bodyRules(collection.schema, readOnly),
    list: listParamRules(fieldFilters(collection.filters, shape), collection.sortable, collection.searchable, paging),
    serverParentField,
    parentFilter: parent ? fieldFilter(parent.field, shape[parent.field]) : undefined,
    children: [],
    relations: new Map(),
    get serialized() {
      return serialized;
    },
    collectionPath: (data) => collectionPathOf(collection, data),
    recordFields: serverParentField ? [...fields, serverParentField] : fields,
    // Relation links read the fields holding the related ids.
    linkFields: new Set([
      ...(parent ? [parent.field] : []),
      ...Object.values(collection.relations).map((relation) => relation.field),
    ]),
    storeFields: init.fields,
    enumValues: init.enums,
  };
  const serialized = new SerializedRecords(runtime);
  return runtime;
}
