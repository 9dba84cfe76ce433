import type { FieldLimits } from '@corral/core';
import { describeLimits, sameLimits } from './schema-checks.js';
import type { ColumnMap, ColumnStorage, Reference, TableMap } from './table-map.js';

/** A column of a table as the database describes it. */
export interface ActualColumn {
  /** The column's name. */
  readonly name: string;
  /** How it stores values, or `other` for a type no field maps to. */
  readonly storage: ColumnStorage | 'other';
  /** Whether it is NOT NULL. */
  readonly notNull: boolean;
  /** The type as the database names it (`INTEGER`, `double precision`). */
  readonly type: string;
}

/** What a store wrote down about a column of its own table when it last made or changed it. */
export interface ColumnDefinition {
  /** The column's name. */
  readonly column: string;
  /** How it stores values. */
  readonly storage: ColumnStorage;
  /** Whether it was made NOT NULL. */
  readonly required: boolean;
  /** The values its check allowed (an enum). */
  readonly values?: readonly string[];
  /** The foreign key it was given. */
  readonly references?: Reference;
  /** The limits its check was made for. */
  readonly limits?: FieldLimits;
}

/** The definition of a declared column, as a store writes it down. */
export function definitionOf(column: ColumnMap): ColumnDefinition {
  return {
    column: column.column,
    storage: column.storage,
    required: column.required,
    ...(column.values ? { values: column.values } : {}),
    ...(column.references ? { references: column.references } : {}),
    ...(column.schemaLimits ? { limits: column.schemaLimits } : {}),
  };
}

/** One difference between the declarations and a store's own table. */
export type SchemaChange = ColumnChange | DroppedColumn | RetypedColumn | NarrowedValues;

/** A declared column to add, or whose rule (NOT NULL, limits, foreign key) changed. */
export interface ColumnChange {
  /** `add` a column, `require` or `relax` its NOT NULL, replace its `limits` check or its `reference`. */
  readonly kind: 'add' | 'require' | 'relax' | 'reference' | 'limits';
  /** The declared column. */
  readonly column: ColumnMap;
}

/** A column no field is stored in any more. */
export interface DroppedColumn {
  /** Always `drop`. */
  readonly kind: 'drop';
  /** The column's name. */
  readonly name: string;
}

/** A column whose type differs from what the field now needs. */
export interface RetypedColumn {
  /** Always `retype`. */
  readonly kind: 'retype';
  /** The declared column. */
  readonly column: ColumnMap;
  /** The type the table has (as the database names it), or the storage it was made for. */
  readonly from: string;
  /** The type the store would give the column now, or the storage it needs. */
  readonly to: string;
}

/** An enum whose accepted values changed. */
export interface NarrowedValues {
  /** Always `values`. */
  readonly kind: 'values';
  /** The declared column. */
  readonly column: ColumnMap;
  /** Values it accepted before and no longer does. */
  readonly removed: readonly string[];
}

/** A change that could lose or bend data, and why. */
export interface RefusedChange {
  /** The change the store would not make. */
  readonly change: SchemaChange;
  /** What stands in the way, in words: how many rows, holding what. */
  readonly reason: string;
}

/** What the database can say about the data a change would touch. */
export interface TableFacts {
  /** Rows in the table. */
  rows(): Promise<number>;
  /** Rows where the column is NULL. */
  nulls(column: string): Promise<number>;
  /** Rows whose value in the column is none of `values`. */
  outside(column: string, values: readonly string[]): Promise<number>;
  /**
   * Rows whose value the column's new storage would not take (SQLite: a boolean other than 0 and 1,
   * text that is not JSON).
   */
  unfit(column: ColumnMap): Promise<number>;
  /** Rows whose key names no row of the parent table the column now refers to. */
  orphans(column: ColumnMap): Promise<number>;
  /** Rows whose value is outside the column's limits (0 when SQL cannot check them). */
  outOfLimits(column: ColumnMap): Promise<number>;
}

const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).join('\u0000') === (b ?? []).join('\u0000');
const sameReference = (a: Reference | undefined, b: Reference | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Compares a store's own table with the declarations. Changes that keep every row as it is are
 * `safe` (a new optional field, a looser rule, more enum values, a rule the rows already obey,
 * anything on an empty table); the others are `refused`, with the reason, and the store stops
 * start-up rather than make them. `stored` is what the store wrote down last time (enum values
 * and references are read from there, not parsed out of the database's constraint text).
 */
export async function diffTable(
  map: TableMap,
  actual: readonly ActualColumn[],
  stored: readonly ColumnDefinition[] | undefined,
  facts: TableFacts,
  typeOf: (storage: ColumnStorage) => string,
): Promise<TableDiff> {
  const safe: SchemaChange[] = [];
  const refused: RefusedChange[] = [];
  const own = new Set([map.id.column, map.version ?? '']);
  const byName = new Map(actual.map((column) => [column.name, column]));
  const before = new Map((stored ?? []).map((definition) => [definition.column, definition]));
  let rows: number | undefined;
  const rowCount = async () => (rows ??= await facts.rows());
  const decide = async (change: SchemaChange, risk: () => Promise<string | undefined>) => {
    const reason = (await rowCount()) === 0 ? undefined : await risk();
    if (reason === undefined) safe.push(change);
    else refused.push({ change, reason });
  };
  for (const column of map.columns) {
    const found = byName.get(column.column);
    if (!found) {
      await decide({ kind: 'add', column }, async () =>
        column.required ? `it is required and the table holds ${await rowCount()} row(s) without it` : undefined,
      );
      continue;
    }
    const was = before.get(column.column);
    // Compared by the type the store would give the column...
    const wanted = typeOf(column.storage);
    if (found.type.toLowerCase() !== wanted.toLowerCase()) {
      await decide(
        { kind: 'retype', column, from: found.type, to: wanted },
        async () => `its column is ${found.type} in ${await rowCount()} row(s), and the field now needs ${wanted}`,
      );
      continue;
    }
    // ...and by what it was made to hold, which one type can cover twice (SQLite keeps booleans and
    // integers in INTEGER, text and JSON in TEXT): the checks change, and the stored values must pass them.
    if (was && was.storage !== column.storage) {
      await decide({ kind: 'retype', column, from: was.storage, to: column.storage }, async () => {
        const unfit = await facts.unfit(column);
        return unfit === 0 ? undefined : `${unfit} row(s) hold a value that is not ${column.storage}`;
      });
      continue;
    }
    if (column.required && !found.notNull) {
      await decide({ kind: 'require', column }, async () => {
        const nulls = await facts.nulls(column.column);
        return nulls === 0 ? undefined : `it is now required and ${nulls} row(s) have no value`;
      });
    } else if (!column.required && found.notNull) {
      safe.push({ kind: 'relax', column });
    }
    if (!same(was?.values, column.values)) {
      const removed = (was?.values ?? []).filter((value) => !column.values?.includes(value));
      await decide({ kind: 'values', column, removed }, async () => {
        if (!column.values) return undefined;
        const outside = await facts.outside(column.column, column.values);
        return outside === 0
          ? undefined
          : `${outside} row(s) hold a value it no longer accepts (${removed.join(', ') || 'unknown'})`;
      });
    }
    if (!sameLimits(was?.limits, column.schemaLimits)) {
      // Like a narrower enum: a check the stored rows would break stops start-up rather than be added.
      await decide({ kind: 'limits', column }, async () => {
        if (!column.schemaLimits) return undefined;
        const outside = await facts.outOfLimits(column);
        return outside === 0 ? undefined : `${outside} row(s) hold a value outside them`;
      });
    }
    if (!sameReference(was?.references, column.references)) {
      await decide({ kind: 'reference', column }, async () => {
        if (!column.references) return undefined;
        const orphans = await facts.orphans(column);
        return orphans === 0 ? undefined : `${orphans} row(s) name a record ${column.references.table} does not have`;
      });
    }
  }
  const declared = new Set(map.columns.map((column) => column.column));
  for (const column of actual) {
    if (declared.has(column.name) || own.has(column.name)) continue;
    await decide(
      { kind: 'drop', name: column.name },
      async () => `no field is stored in it any more, and its ${await rowCount()} row(s) would lose their values`,
    );
  }
  return { safe, refused };
}

/** The changes between a table and the declarations, sorted into those a store makes and those it refuses. */
export interface TableDiff {
  /** Changes that keep every stored value: the store makes them. */
  readonly safe: SchemaChange[];
  /** Changes that could lose or bend data: start-up stops on them. */
  readonly refused: RefusedChange[];
}

/** Words for a change, naming the field and column, for start-up messages. */
export function describeChange(map: TableMap, change: SchemaChange): string {
  const where = (column: ColumnMap) => `field "${column.field}" (column ${map.table}.${column.column})`;
  switch (change.kind) {
    case 'add':
      return `new ${where(change.column)}`;
    case 'drop':
      return `column ${map.table}.${change.name}, which no field is stored in (a field removed or renamed)`;
    case 'retype':
      return `${where(change.column)} changed from ${change.from} to ${change.to}`;
    case 'require':
      return `${where(change.column)} became required`;
    case 'relax':
      return `${where(change.column)} became optional`;
    case 'values':
      return `the values of ${where(change.column)} changed to ${change.column.values?.join(', ') ?? 'any text'}`;
    case 'reference':
      return `the parent reference of ${where(change.column)} changed`;
    case 'limits':
      return `the limits of ${where(change.column)} changed to ${describeLimits(change.column.schemaLimits)}`;
  }
}
