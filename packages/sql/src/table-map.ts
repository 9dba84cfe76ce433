import { CorralError, type FieldLimits, type StoredFieldKind, type StoreInit } from '@corral/core';
import type { ColumnLimits } from './column-limits.js';
import type { IdStorage } from './ids.js';
import { isPlainName, quoted, snakeCase } from './names.js';

/** How a column holds a value, in terms each dialect maps to its own types. */
export type ColumnStorage = 'text' | 'integer' | 'real' | 'boolean' | 'json' | IdStorage;

/** A foreign key of a column a store makes: the parent's table and id column. */
export interface Reference {
  /** The parent's table (unquoted). */
  readonly table: string;
  /** The parent's id column. */
  readonly column: string;
  /** What deleting a parent row does here. */
  readonly onDelete: 'restrict' | 'cascade';
}

/** One field of the records and the column holding it. */
export interface ColumnMap {
  /** The record's property. */
  readonly field: string;
  /** The column's name (unquoted). */
  readonly column: string;
  /** What the API's value is. */
  readonly kind: StoredFieldKind;
  /** How the column stores it; a parent key stores what the parent's id column stores. */
  readonly storage: ColumnStorage;
  /** Every record has a value other than null: NOT NULL. */
  readonly required: boolean;
  /** Null is a value of the field: NULL reads back as null (otherwise as an absent field). */
  readonly nullable: boolean;
  /**
   * The database refuses NULL in the column (a required field of a table the store made, or a NOT
   * NULL column of one the application owns), so lists need not look for NULLs: an index serves them.
   */
  readonly notNull: boolean;
  /** The values of an enum field. */
  readonly values: readonly string[] | undefined;
  /** The parent table this column refers to, when the store holds the relation as a foreign key. */
  readonly references: Reference | undefined;
  /** The field holds the id of a record (the parent key, a relation's field): it may live in an integer column. */
  readonly holdsId: boolean;
  /** What the column of a table the application owns can hold (its length, its range), checked before a write. */
  readonly limits?: ColumnLimits;
  /** The schema's limits on the field's values (lengths, bounds), which a table the store makes checks too. */
  readonly schemaLimits?: FieldLimits;
}

/** A table's id column: its name and how it holds ids. */
export interface IdColumn {
  /** The column's name (unquoted). */
  readonly column: string;
  /** How it holds ids. */
  readonly storage: IdStorage;
}

/** Where a collection's records are and how each field maps onto a column. Made once, at init. */
export interface TableMap {
  /** The collection's name, which the bookkeeping tables are keyed by. */
  readonly collection: string;
  /** The table's name (unquoted). */
  readonly table: string;
  /** True for a table the store made and keeps in step with the declarations; false for a table the user owns. */
  readonly managed: boolean;
  /** The id column. */
  readonly id: IdColumn;
  /** The integer column counting writes of a row; undefined when the dialect's own row version serves. */
  readonly version: string | undefined;
  /** Every field, in the schema's order. */
  readonly columns: readonly ColumnMap[];
  /** Columns lists filter on (the parent key included). */
  readonly filterable: readonly ColumnMap[];
  /** Columns lists sort by. */
  readonly sortable: readonly ColumnMap[];
  /** Columns lists compare by range. */
  readonly ranged: readonly ColumnMap[];
  /** Columns a search looks in. */
  readonly searchable: readonly ColumnMap[];
  /**
   * The columns each CHECK constraint of the table reads, by the name the database gives when one
   * is broken, so that the refusal names the fields; read from the catalog at start-up.
   */
  readonly checks?: ReadonlyMap<string, readonly string[]>;
  /** Keys no two rows may share (each one column or several): a table the store makes has a unique index for each. */
  readonly unique: readonly (readonly ColumnMap[])[];
  /** The column of a field; throws for a field the collection does not have. */
  column(field: string): ColumnMap;
}

/** What a store's options say about its table; the option names are those of `database.store(...)`. */
export interface TableOptions {
  /** An existing table to serve: read and written, never altered. Without it the store makes its own. */
  readonly table?: string;
  /** The existing table's id column (default `id`). */
  readonly id?: string;
  /** Field -> column, for columns not named the field's snake_case spelling. */
  readonly columns?: Readonly<Record<string, string | undefined>>;
  /** An existing table's integer column that every writer raises on each change of a row. */
  readonly version?: string;
}

const storageOfKind: Record<StoredFieldKind, ColumnStorage> = {
  string: 'text',
  enum: 'text',
  integer: 'integer',
  number: 'real',
  boolean: 'boolean',
  json: 'json',
};

/** The name of the version column of the tables a store makes. */
export const managedVersionColumn = 'version';

/**
 * Builds the map of a collection's table from its declarations and the store's options.
 * `parent` is the parent's table and id column when the parent's store is of the same database
 * (then the parent key is a foreign key of the parent's id type). Names are checked here, so a
 * bad one stops start-up before anything is made.
 */
export function tableMapOf(
  init: StoreInit,
  options: TableOptions,
  parent?: { readonly table: string; readonly id: IdColumn },
): TableMap {
  const managed = options.table === undefined;
  const table = options.table ?? snakeCase(init.collection);
  quoted(table, `the table of collection "${init.collection}"`);
  for (const field of Object.keys(options.columns ?? {})) {
    if (!(field in init.fields))
      throw new CorralError(
        'CORRAL_UNKNOWN_FIELD',
        `Collection "${init.collection}": \`columns\` names field "${field}", which the schema does not have`,
      );
  }
  const id: IdColumn = { column: options.id ?? 'id', storage: 'integer' };
  quoted(id.column, `the id column of collection "${init.collection}"`);
  const version = managed ? managedVersionColumn : options.version;
  if (version !== undefined) quoted(version, `the version column of collection "${init.collection}"`);
  const required = new Set(init.required);
  const nullable = new Set(init.nullable);
  const idFields = new Set(init.idFields ?? (init.parentField === undefined ? [] : [init.parentField]));
  const columns = Object.entries(init.fields).map(([field, kind]): ColumnMap => {
    const named = options.columns?.[field];
    const column = named ?? snakeCase(field);
    if (named === undefined && !isPlainName(column)) {
      throw new CorralError(
        'CORRAL_INVALID_FIELD_NAME',
        `Collection "${init.collection}": field "${field}" cannot be a column name; name a column for it with the store's \`columns\` option`,
      );
    }
    quoted(column, `the column of field "${field}" of collection "${init.collection}"`);
    const references =
      parent && init.parent?.field === field
        ? { table: parent.table, column: parent.id.column, onDelete: init.parent.onDelete }
        : undefined;
    return {
      field,
      column,
      kind,
      storage: references ? parent!.id.storage : storageOfKind[kind],
      required: required.has(field),
      nullable: nullable.has(field),
      notNull: managed && required.has(field),
      values: init.enums[field],
      references,
      holdsId: idFields.has(field),
      ...(init.limits?.[field] ? { schemaLimits: init.limits[field] } : {}),
    };
  });
  const taken = new Map<string, string>([
    [id.column, 'the id'],
    ...(version ? [[version, 'the version'] as [string, string]] : []),
  ]);
  for (const { field, column } of columns) {
    // Names the stores give their own result columns and tables.
    if (column.startsWith('corral_'))
      throw new CorralError(
        'CORRAL_INVALID_TABLE_NAME',
        `Collection "${init.collection}": field "${field}" would be stored in column "${column}"; names starting with corral_ are the store's own, so name another column for it with the store's \`columns\` option`,
      );
    const owner = taken.get(column);
    if (owner)
      throw new CorralError(
        'CORRAL_INVALID_TABLE_NAME',
        `Collection "${init.collection}": field "${field}" would be stored in column "${column}", which holds ${owner}; name another column for it with the store's \`columns\` option`,
      );
    taken.set(column, `field "${field}"`);
  }
  const byField = new Map(columns.map((column) => [column.field, column]));
  const column = (field: string): ColumnMap => {
    const found = byField.get(field);
    if (!found)
      throw new CorralError('CORRAL_UNKNOWN_FIELD', `Collection "${init.collection}" has no field "${field}"`);
    return found;
  };
  return {
    collection: init.collection,
    table,
    managed,
    id,
    version,
    columns,
    filterable: init.filterable.map(column),
    sortable: init.sortable.map(column),
    ranged: (init.ranged ?? []).map(column),
    searchable: init.searchable.map(column),
    unique: (init.unique ?? []).map((key) => key.map(column)),
    column,
  };
}

/** What the database tells of a column of a table the user owns. */
export interface ActualStorage {
  /** How it stores values; undefined for a type no field maps to. */
  readonly storage: ColumnStorage | undefined;
  /** Whether it is NOT NULL. */
  readonly notNull: boolean;
  /** Its declared size or range, where its type has one. */
  readonly limits?: ColumnLimits | undefined;
}

/**
 * The same map with storages as the database reports them for a table the user owns: a string
 * field may live in an integer or UUID column (a parent key, say), and values are then checked
 * against that before they reach the database; a boolean may live in an integer column (1 and 0).
 * Each column's size and range come along, to check values against before a write.
 */
export function withActualStorage(map: TableMap, id: IdStorage, actualOf: (column: string) => ActualStorage): TableMap {
  const columns = map.columns.map((declared) => {
    const actual = actualOf(declared.column);
    const limited = actual.limits ? { ...declared, limits: actual.limits } : declared;
    const column = actual.notNull ? { ...limited, notNull: true } : limited;
    if (column.kind === 'string' && (actual.storage === 'integer' || actual.storage === 'uuid'))
      return { ...column, storage: actual.storage };
    if (column.kind === 'boolean' && actual.storage === 'integer') return { ...column, storage: actual.storage };
    return column;
  });
  const byField = new Map(columns.map((column) => [column.field, column]));
  const column = (field: string): ColumnMap => byField.get(field) ?? map.column(field);
  return {
    ...map,
    id: { ...map.id, storage: id },
    columns,
    filterable: map.filterable.map((c) => column(c.field)),
    sortable: map.sortable.map((c) => column(c.field)),
    ranged: map.ranged.map((c) => column(c.field)),
    searchable: map.searchable.map((c) => column(c.field)),
    unique: map.unique.map((key) => key.map((c) => column(c.field))),
    column,
  };
}

/**
 * The map of a selection: the same table with only the columns of `fields` (fields it does not
 * have are passed over), so that a page reads fewer columns and its records hold just those fields.
 */
export function projectedMap(map: TableMap, fields: readonly string[]): TableMap {
  return { ...map, columns: map.columns.filter((column) => fields.includes(column.field)) };
}
