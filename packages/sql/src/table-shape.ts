import type { StoredRecord } from '@corral/core';
import { selectedColumns } from './query.js';
import { rowRecord, versionAlias } from './row-records.js';
import type { SqlDialect } from './sql-dialect.js';
import type { SqlRow } from './sql-driver.js';
import { projectedMap, type TableMap } from './table-map.js';

/** Field selections a store reads in part; others read whole rows (its statements stay bounded). */
const maxSelections = 64;
/** How many page sizes a store writes into its statements (a default, a maximum, a few clients' own). */
const maxLiteralLimits = 8;

/** The SELECT list of some of a table's columns, and the map that reads its rows. */
export interface Selection {
  /** The SELECT list. */
  readonly select: string;
  /** The table map of the selected columns. */
  readonly map: TableMap;
}

/**
 * How the rows of one table are named, selected and turned into records in one dialect: texts
 * made once, since a read runs on every request.
 */
export class TableShape<T> {
  /** The table's name in statements. */
  readonly table: string;
  /** The SQL of a row's version; undefined where the engine digests the row's values. */
  readonly versionSql: string | undefined;
  /** The SELECT list of a record: id, fields, then the version where the database gives one. */
  readonly selected: string;
  private readonly selections = new Map<string, Selection>();
  private readonly literalLimits = new Set<number>();

  constructor(
    /** The table and its columns. */
    readonly map: TableMap,
    private readonly dialect: SqlDialect,
  ) {
    this.table = dialect.table(map.table);
    this.versionSql = dialect.rowVersion(map);
    this.selected = this.selectOf(map);
  }

  private selectOf(map: TableMap): string {
    return `${selectedColumns(map, this.dialect.quote)}${this.versionSql ? `, ${this.versionSql} AS ${versionAlias}` : ''}`;
  }

  /**
   * The SELECT list and map of a selection of fields. A version that is a digest of the row needs
   * every column, so such a table is always read whole.
   */
  selection(fields: readonly string[] | undefined): Selection {
    const { map } = this;
    if (!fields || !this.versionSql) return { select: this.selected, map };
    const key = fields.join(',');
    let found = this.selections.get(key);
    if (!found) {
      // Clients choose selections: past a bounded number, whole rows are read.
      if (this.selections.size >= maxSelections) return { select: this.selected, map };
      const projected = projectedMap(map, fields);
      found = { select: this.selectOf(projected), map: projected };
      this.selections.set(key, found);
    }
    return found;
  }

  /** A record from a row read with {@link selected} (or a selection's list, with its map). */
  record(row: SqlRow, map = this.map): StoredRecord<T> {
    return rowRecord<T>(map, row, this.dialect.codec, this.versionSql !== undefined);
  }

  /** Whether a first page of this size may name its LIMIT in the text: the first few sizes asked for. */
  literalLimit(limit: number): boolean {
    if (this.literalLimits.has(limit)) return true;
    if (this.literalLimits.size >= maxLiteralLimits || !Number.isSafeInteger(limit)) return false;
    this.literalLimits.add(limit);
    return true;
  }
}
