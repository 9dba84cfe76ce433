import { CorralError } from '@corral/errors';
import { isEnvelopeKey } from '@corral/pagination';
import type { z } from 'zod';
import { memoryStore } from '../store/memory-store.js';
import type { CallerContext, RequestState } from '../vocabulary/context.js';
import type { Principal } from '../auth/principal.js';
import type { Store } from '../store/store.js';
import { checkFilterOperators, filterField, type FilterEntry } from './filter-declaration.js';
import { listParameters } from './list-query.js';
import { toOneRelations, type RelationOptions } from './relation-declaration.js';

/** A record as handlers, hooks and link builders see it: the schema's output plus the server's id. */
export type RecordOf<S extends z.ZodObject> = z.infer<S> & {
  /** Server-assigned id, never taken from the request body. */
  readonly id: string;
};

/**
 * A link a collection adds to each record; `href` may be relative to the version root
 * (`employees/1/salaryStatements`).
 */
export interface LinkSpec {
  /** Relation of the target to the record, e.g. `zoo` or `salaryStatements`. */
  readonly rel: string;
  /** Target path; a relative one is resolved against the version prefix. */
  readonly href: string;
  /** Human-readable name of the target, copied into the link. */
  readonly title?: string;
  /** Media type of the target, for clients that choose before following. */
  readonly type?: string;
}

/** Scopes a caller's token needs; without an auth adapter on the API they are not checked. */
export interface CollectionScopes {
  /** Needed to read the list and its records (GET, HEAD, OPTIONS); unset means anyone may read. */
  readonly read?: string;
  /** Needed for every change, bulk PUT and DELETE included; unset means anyone may write. */
  readonly write?: string;
}

/** Field names of a schema, for the options that name fields. */
export type FieldOf<S extends z.ZodObject> = Extract<keyof z.infer<S>, string>;

/** A unique key of {@link CollectionOptions.unique}: one field, or several whose values are unique together. */
export type UniqueKey<S extends z.ZodObject> = FieldOf<S> | readonly FieldOf<S>[];

/** Nesting under another collection: `/<parent>/<parentId>/<name>` lists the records whose `field` is parentId. */
export interface ParentOptions {
  /** Collection whose records own these; a missing parent id answers 404. */
  readonly collection: AnyCollection;
  /** The property holding the parent's id. When the schema lacks it, the server sets it from the path. */
  readonly field: string;
  /** Also serve the collection at `/<name>` (default true). */
  readonly topLevel?: boolean;
  /**
   * What deleting a parent record does to its records here: `restrict` (default) refuses the
   * delete with 409 while any exist, `cascade` deletes them with it.
   */
  readonly onParentDelete?: 'restrict' | 'cascade';
  /**
   * Names the relation from a record here to its parent record, e.g. `zoo`: each record links to
   * its parent under this rel, and `?expand=zoo` embeds the parent.
   */
  readonly relation?: string;
  /**
   * Names the relation from a parent record to its records here, e.g. `animals`: each parent links
   * to its list here under this rel, and `?expand=animals` on the parents embeds the first page of it.
   */
  readonly inverse?: string;
}

/** Input of {@link defineCollection}; only `name` and `schema` are required. */
export interface CollectionOptions<S extends z.ZodObject, N extends string> {
  /** Plural noun used in the URL and as the list envelope's array property. */
  readonly name: N;
  /** Human title, e.g. for the root document (defaults to the name with a capital). */
  readonly title?: string;
  /** Zod object describing the writable data; it validates bodies and drives the OpenAPI schemas. */
  readonly schema: S;
  /**
   * Query parameter name -> the field it filters, e.g. `{ zoo_id: 'zooId' }` (exact value), or the
   * field with its operators: `{ year_of_birth: { field: 'yearOfBirth', operators: ['gte', 'lt'] } }`.
   */
  readonly filters?: FilterMap<S>;
  /** Fields clients may name in `sortby`; others are refused with a 400. */
  readonly sortable?: readonly FieldOf<S>[];
  /** Text fields that `query=<text>` searches (case-insensitive substring). */
  readonly searchable?: readonly FieldOf<S>[];
  /**
   * Values no two records may share: a field (`'isbn'`), or a list of fields unique together
   * (`['zooId', 'name']`). A write that would share one answers 409 naming the fields; a table a
   * database store makes gets a unique index for each.
   */
  readonly unique?: readonly UniqueKey<S>[];
  /**
   * Extra links for each record, added after its `self` link. Must depend on the record alone:
   * the JSON of an unchanged record is reused between requests.
   */
  readonly links?: (record: RecordOf<S>) => readonly LinkSpec[];
  /**
   * To-one relations to records of other collections: name -> the collection and the field
   * holding the related record's id, e.g. `{ keeper: { collection: employees, field: 'keeperId' } }`.
   * Each gives a link of that rel and an expansion (`?expand=keeper`). A relation to the parent is
   * named with `parent.relation` instead.
   */
  readonly relations?: Readonly<Record<string, RelationOptions<FieldOf<S>>>>;
  /**
   * Whether other collections' answers may embed these records (`?expand=`; default true). Set it
   * to false when reading them takes more than their scopes, per-record rule and list restriction
   * (a hook registered for their routes, which an expansion does not pass): clients then follow the
   * relation's link instead.
   */
  readonly expandable?: boolean;
  /** Token scopes that reading and writing require. */
  readonly scopes?: CollectionScopes;
  /** Where records live; a fresh `memoryStore()` when omitted. */
  readonly store?: Store<z.infer<S>>;
  /** Makes this a sub-collection served below each record of another collection. */
  readonly parent?: ParentOptions;
  /** Refuse PUT, PATCH and DELETE without `If-Match` (428), so clients cannot overwrite blindly. */
  readonly requireIfMatch?: boolean;
  /**
   * How lists count their matches: `exact` (default), or `{ estimateAbove: n }`, which lets the
   * store give an estimate when there are more than `n`; the page then says `totalEstimated: true`.
   * An exact count of a large filtered table is the dearest part of a page in most databases.
   */
  readonly count?: CountPolicy;
  /**
   * Object-level rule for single records, checked after the scope: return false to refuse the
   * caller (403). It sees the stored record and, for writes, the data the write would store, so a
   * rule can also forbid handing a record to someone else. `principal` is undefined without auth.
   */
  readonly authorize?: (check: RecordCheck<S>) => boolean | Promise<boolean>;
  /**
   * Narrows every list to the records a caller may see, as field -> value equalities, so that
   * totals and pages stay right. Return undefined for no restriction. `context` carries the
   * request's state, such as a tenant a hook took from the token.
   */
  readonly listFilter?: (
    principal: Principal | undefined,
    context: CallerContext,
  ) => Readonly<Record<string, unknown>> | undefined;
}

/** What a per-record authorization hook is asked about. */
export interface RecordCheck<S extends z.ZodObject> {
  /** The authenticated caller; undefined when the API has no auth adapter. */
  readonly principal: Principal | undefined;
  /** What the caller is trying to do, so one hook can treat reads and writes differently. */
  readonly action: 'create' | 'read' | 'replace' | 'patch' | 'delete';
  /** The record as stored; undefined for `create`. */
  readonly record: RecordOf<S> | undefined;
  /** The data a `create`, `replace` or `patch` would store; undefined for `read` and `delete`. */
  readonly next: z.infer<S> | undefined;
  /** Values hooks attached to the request (see {@link RequestState}). */
  readonly state: RequestState;
}

/** Filter parameters of a collection: query name -> the field it matches, or the field with its operators. */
export type FilterMap<S extends z.ZodObject> = Readonly<Record<string, FilterEntry<FieldOf<S>>>>;

/**
 * A declared collection: immutable, and typed by its schema. Build one with {@link defineCollection}.
 * `F` and `So` keep the declared filters and sortable fields in the type (for typed clients).
 */
export interface Collection<
  S extends z.ZodObject = z.ZodObject,
  N extends string = string,
  F extends FilterMap<S> = FilterMap<S>,
  So extends FieldOf<S> = FieldOf<S>,
> {
  /** Tells collections from operations when both are handled together. */
  readonly kind: 'collection';
  /** URL segment and list property name. */
  readonly name: N;
  /** Human title; the capitalised name unless one was given. */
  readonly title: string;
  /** Zod object the records are validated against. */
  readonly schema: S;
  /** Query parameter -> the field it filters (with its operators, when declared); empty when none. */
  readonly filters: F;
  /** Fields accepted by `sortby`; empty when sorting is off. */
  readonly sortable: readonly So[];
  /** Fields that `query` searches; empty when search is off. */
  readonly searchable: readonly FieldOf<S>[];
  /** Keys no two records may share, each as a list of fields; empty when none were declared. */
  readonly unique: readonly (readonly FieldOf<S>[])[];
  /** Builds each record's extra links; returns none unless configured. */
  readonly links: (record: RecordOf<S>) => readonly LinkSpec[];
  /** The to-one relations: those declared, and the one to the parent when `parent.relation` names it. */
  readonly relations: Readonly<Record<string, RelationOptions>>;
  /** Whether other collections' answers may embed these records. */
  readonly expandable: boolean;
  /** Scopes required for reading and writing; an empty object means open access. */
  readonly scopes: CollectionScopes;
  /** Storage of the records, shared by every version that uses this definition. */
  readonly store: Store<z.infer<S>>;
  /** Parent collection this one is nested under, if any. */
  readonly parent: ParentOptions | undefined;
  /** Whether writes must carry `If-Match`. */
  readonly requireIfMatch: boolean;
  /** How lists count their matches. */
  readonly count: CountPolicy;
  /** Per-record access rule, if one was given. */
  readonly authorize: ((check: RecordCheck<S>) => boolean | Promise<boolean>) | undefined;
  /** Per-caller list restriction, if one was given. */
  readonly listFilter:
    | ((principal: Principal | undefined, context: CallerContext) => Readonly<Record<string, unknown>> | undefined)
    | undefined;
  /**
   * Returns a new definition with some options changed; this one stays as it is. Its filters and
   * sortable fields keep their types unless the changes declare new ones (a typed client reads them).
   */
  with<const F2 extends FilterMap<S> = F, const So2 extends FieldOf<S> = So>(
    changes: Partial<CollectionOptions<S, N>> & { readonly filters?: F2; readonly sortable?: readonly So2[] },
  ): Collection<S, N, F2, So2>;
}

/** `exact`, or an estimate allowed above a number of matches; see {@link CollectionOptions.count}. */
export type CountPolicy =
  | 'exact'
  | {
      /** Totals above this may be estimates. */
      readonly estimateAbove: number;
    };

/** A collection of any schema, for code that handles collections generically (plugins, routing). */
// biome-ignore lint/suspicious/noExplicitAny: any collection, whatever its schema
export type AnyCollection = Collection<any, string>;

/** Query parameters every list understands; a filter may not take one of their names. */
const reservedParameters: readonly string[] = listParameters.map((parameter) => parameter.name);

const validName = /^[A-Za-z][A-Za-z0-9_-]*$/;

function titleOf(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Declares a collection once; `createApi` turns it into every conventional endpoint. Options that
 * name fields are checked against the schema here, so a typo fails at startup, not per request.
 */
export function defineCollection<
  S extends z.ZodObject,
  N extends string,
  const F extends FilterMap<S> = FilterMap<S>,
  const So extends FieldOf<S> = FieldOf<S>,
>(
  options: CollectionOptions<S, N> & { readonly filters?: F; readonly sortable?: readonly So[] },
): Collection<S, N, F, So> {
  if (!validName.test(options.name))
    throw new CorralError('CORRAL_INVALID_NAME', `Collection name "${options.name}" must be a word usable in a URL`);
  // A list page holds its records under the collection's name, beside the envelope's own keys.
  if (isEnvelopeKey(options.name))
    throw new CorralError(
      'CORRAL_INVALID_NAME',
      `Collection name "${options.name}" is a key of every list page (offset, limit, total, totalEstimated, links); choose another name`,
    );
  const fields = Object.keys(options.schema.shape);
  const named = [
    ...Object.values(options.filters ?? {}).map(filterField),
    ...(options.sortable ?? []),
    ...(options.searchable ?? []),
  ];
  const parentField = options.parent?.field;
  const unique = uniqueKeys(options.name, options.unique ?? []);
  named.push(...unique.flat());
  for (const field of named) {
    if (!fields.includes(field) && field !== parentField)
      throw new CorralError('CORRAL_UNKNOWN_FIELD', `Collection "${options.name}" names unknown field "${field}"`);
  }
  for (const [parameter, entry] of Object.entries(options.filters ?? {})) {
    if (reservedParameters.includes(parameter))
      throw new CorralError(
        'CORRAL_RESERVED_PARAMETER',
        `Collection "${options.name}": filter name "${parameter}" is taken by paging, sorting or search`,
      );
    if (!validName.test(parameter))
      throw new CorralError(
        'CORRAL_INVALID_NAME',
        `Collection "${options.name}": filter name "${parameter}" must be a word usable in a query string`,
      );
    checkFilterOperators(
      options.name,
      parameter,
      entry,
      options.schema.shape[filterField(entry)] as z.ZodType | undefined,
    );
  }
  if (parentField && !fields.includes(parentField) && options.parent?.topLevel !== false) {
    throw new CorralError(
      'CORRAL_PARENT_KEY_NOT_IN_SCHEMA',
      `Collection "${options.name}": the parent key "${parentField}" is set from the path, so the collection must be nested only (parent.topLevel: false) or have the key in its schema`,
    );
  }
  const count = options.count ?? 'exact';
  if (count !== 'exact' && !(Number.isSafeInteger(count.estimateAbove) && count.estimateAbove >= 0)) {
    throw new CorralError(
      'CORRAL_INVALID_COUNT_POLICY',
      `Collection "${options.name}": count.estimateAbove must be a whole number, 0 or more`,
    );
  }
  if (fields.includes('id') || fields.includes('links'))
    throw new CorralError(
      'CORRAL_RESERVED_FIELD',
      `Collection "${options.name}": "id" and "links" are set by the server; leave them out of the schema`,
    );
  const collection: Collection<S, N, F, So> = {
    kind: 'collection',
    name: options.name,
    title: options.title ?? titleOf(options.name),
    schema: options.schema,
    filters: Object.freeze(
      Object.fromEntries(
        Object.entries(options.filters ?? {}).map(([parameter, entry]) => [
          parameter,
          typeof entry === 'string'
            ? entry
            : Object.freeze({ field: entry.field, operators: Object.freeze([...entry.operators]) }),
        ]),
      ),
    ) as F,
    sortable: Object.freeze([...(options.sortable ?? [])]),
    searchable: Object.freeze([...(options.searchable ?? [])]),
    unique,
    links: options.links ?? (() => []),
    relations: toOneRelations(
      options.name,
      options.schema.shape as Record<string, z.ZodType>,
      options.relations,
      options.parent,
    ),
    expandable: options.expandable ?? true,
    scopes: Object.freeze({ ...options.scopes }),
    store: options.store ?? memoryStore<z.infer<S>>(),
    parent: options.parent,
    requireIfMatch: options.requireIfMatch ?? false,
    count,
    authorize: options.authorize,
    listFilter: options.listFilter,
    // The records stay where they are unless the change names another store.
    // Typed by the declaration: without new filters or sortable fields in the changes, they are these.
    with: (changes) =>
      defineCollection<S, N>({
        ...options,
        store: collection.store,
        ...(changes as Partial<CollectionOptions<S, N>>),
      }) as never,
  };
  return Object.freeze(collection);
}

/** The declared unique keys as lists of fields; an empty key, or a field named twice in one, stops start-up. */
function uniqueKeys<F extends string>(
  collection: string,
  keys: readonly (F | readonly F[])[],
): readonly (readonly F[])[] {
  return Object.freeze(
    keys.map((key) => {
      const fields: readonly F[] = typeof key === 'string' ? [key] : key;
      if (fields.length === 0 || new Set(fields).size !== fields.length)
        throw new CorralError(
          'CORRAL_INVALID_UNIQUE_KEY',
          `Collection "${collection}": a unique key must name at least one field, each once (got [${fields.join(', ')}])`,
        );
      return Object.freeze([...fields]);
    }),
  );
}
