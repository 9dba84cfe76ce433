import { CorralError } from '@corral/core';
import type {
  DeleteAllResult,
  DeleteResult,
  GroupPage,
  GroupQuery,
  ListFeatures,
  ListQuery,
  ListResult,
  Lookup,
  ReplaceEntry,
  ReplaceManyResult,
  Store,
  StoreCallOptions,
  StoreDatabase,
  StoredRecord,
  StoreFilter,
  StoreInit,
  WriteResult,
} from '@corral/core';
import type { OwnedColumn } from './existing-table.js';
import { groupPages } from './groups.js';
import { keyOfId } from './ids.js';
import { unwritten } from './outcomes.js';
import { whereOf, type Where } from './query.js';
import { countWhere, listPage, lookups } from './reads.js';
import { violationError } from './violations.js';
import type { SqlDialect } from './sql-dialect.js';
import { chain, type Maybe, type SqlDriver } from './sql-driver.js';
import { initTable, type SqlStoreOptions } from './store-init.js';
import { groupRows } from './store-groups.js';
import type { ColumnMap, TableMap } from './table-map.js';
import { TableShape } from './table-shape.js';
import { tableReads, type EngineReads, type PageMemo } from './table-reads.js';
import { bulkDelete, bulkReplace } from './store-bulk.js';
import { SqlChangeLog } from './change-log.js';
import { CreateBatches } from './create-batches.js';
import { EstimateMemo } from './estimate-memo.js';
import { createInOneUnit } from './one-trip-creates.js';
import type { ChangeSql, ChangeWriting } from './change-writes.js';
import { rowRecord, versionAlias } from './row-records.js';
import {
  filterWhere,
  insertRow,
  insertRows,
  manyStatements,
  overwriteRow,
  removeRows,
  rowWhere,
  type WriteSource,
} from './table-writes.js';

/** The database a store belongs to: the stores of one share its units of work. */
export interface SqlDatabase extends StoreDatabase {
  /** Throws (or rejects) when the database cannot answer now. */
  ping(): Maybe<void>;
  /** Releases its connections or files. */
  close(): Promise<void>;
  /** The SQL by which writes append to the change log; absent when the database keeps none. */
  readonly changeSql?: ChangeSql;
}

/**
 * One collection's records in one table, a column per field, on any engine: the dialect writes the
 * SQL that differs, the driver runs it. In a table of its own the store keeps a version column and
 * triggers keep the bookkeeping right whoever writes; in a table the application owns it changes
 * nothing of the table, and counts its own writes. An engine package subclasses it for what only
 * its engine does: making and moving its tables, ids, estimates.
 */
export abstract class SqlStore<T extends object, C = unknown> implements Store<T>, WriteSource<T, C> {
  private tableMap: TableMap | undefined;
  private tableShape: TableShape<T> | undefined;
  private readsOf = new WeakMap<object, EngineReads<T>>();
  private lastOn: C | undefined;
  private lastReads: EngineReads<T> | undefined;
  /** Creates waiting to go together (see create-batches.ts), made at the first create that may. */
  private batches: Pick<CreateBatches<T>, 'create'> | undefined;
  /** Whether the database fills the id of a new row of a table the application owns. */
  protected generatedIds = true;
  /** Estimated totals asked a moment ago, by condition and revision (see estimate-memo.ts). */
  private readonly estimates = new EstimateMemo();

  /** Comparisons and cursor paging are carried out in SQL. */
  readonly listFeatures: ListFeatures = { conditions: true, seek: true };
  /** Seed records are checked before they go in; writes through the API are checked by core. */
  readonly checksParentKeys = true;

  /** A table of its own refers to its parent's (of the same database) by a foreign key. */
  get enforcesParentKeys(): boolean {
    return this.map.managed && this.map.columns.some((column) => column.references !== undefined);
  }

  constructor(
    /** The database whose transactions this store takes part in. */
    readonly database: SqlDatabase,
    /** How the engine's statements run on this database. */
    readonly driver: SqlDriver<C>,
    /** What this database's SQL spells differently (replaced by one for the table's own columns at init). */
    public dialect: SqlDialect,
    /** The store's settings: table, columns, seed records. */
    protected readonly options: SqlStoreOptions<T>,
  ) {}

  /** Tables the application owns may be written by others; the revision then counts this store's writes only. */
  get revisionScope(): 'all-writes' | 'own-writes' {
    return this.options.table === undefined ? 'all-writes' : 'own-writes';
  }

  /** The table and its columns, once `init` has read or made them. */
  get map(): TableMap {
    if (!this.tableMap)
      throw new CorralError(
        'CORRAL_STORE_NOT_INITIALIZED',
        `${this.dialect.packageName}: a store is used before init(); give it to a collection of an API`,
      );
    return this.tableMap;
  }

  /** How the table's rows are named, selected and read, made once per map and dialect. */
  get shape(): TableShape<T> {
    return (this.tableShape ??= new TableShape<T>(this.map, this.dialect));
  }

  async init(init: StoreInit): Promise<void> {
    this.useMap(await initTable(this, init, this.options));
  }

  /** Takes the table's map (init's own statements need it before init ends). */
  useMap(map: TableMap): void {
    this.tableMap = map;
    this.forgetReads();
    const log = this.database.changes;
    if (log instanceof SqlChangeLog) {
      const { codec } = this.dialect;
      const versioned = this.shape.versionSql !== undefined;
      log.register(map.collection, (row, version) =>
        rowRecord<Record<string, unknown>>(map, { ...row, [versionAlias]: version }, codec, versioned),
      );
    }
  }

  /** The change log's SQL, when the database keeps a log. */
  get changeSql(): ChangeSql | undefined {
    return this.database.changeSql;
  }

  /** Whether triggers log other programs' writes to this table the application owns (`changeTriggers`). */
  get changeTriggers(): boolean {
    return this.options.table !== undefined && this.options.changeTriggers === true && this.changeSql !== undefined;
  }

  /**
   * How this table's writes reach the change log: in the write's statement where the dialect has
   * writable CTEs; otherwise by the triggers of a table the store made (or of one whose owner
   * asked for them), or else by a statement after the write.
   */
  get changeWriting(): ChangeWriting {
    if (!this.changeSql) return 'none';
    if (this.dialect.can.writableCte) return 'statement';
    return this.map.managed || this.changeTriggers ? 'triggers' : 'after';
  }

  /** Read statements are made from the map and the dialect: new ones after either changes. */
  private forgetReads(): void {
    this.tableShape = undefined;
    this.readsOf = new WeakMap();
    this.lastReads = undefined;
  }

  /** Makes, moves or changes the store's own table inside init's unit; true when rows may have changed. */
  abstract prepareManaged(on: C, declared: TableMap): Promise<boolean>;
  /** The columns of a table the application owns; undefined when there is no such table. */
  abstract describeTable(on: C, declared: TableMap): Promise<OwnedColumn[] | undefined>;
  /** Whether the table is missing or has never held a record, before init touches it. */
  abstract mayTakeSeed(declared: TableMap): Promise<boolean>;
  /** Runs init's statements in one unit (`managed`: the store makes its own table). */
  abstract setUp(managed: boolean, body: (on: C) => Promise<void>): Promise<void>;
  /** The database's estimate of a WHERE's matches; undefined without one. */
  abstract estimate(on: C, where: Where): Maybe<number | undefined>;

  /**
   * The columns of each unique index or constraint of a table the application owns (not partial,
   * not over expressions), to check its declared unique keys; undefined where the engine cannot tell.
   */
  uniqueIndexesOf(_on: C, _declared: TableMap): Maybe<string[][] | undefined> {
    return undefined;
  }

  /**
   * The columns each CHECK constraint of the table reads, by the name the database reports when
   * one is broken (see `TableMap.checks`); read inside init's unit, after the table is made or checked.
   */
  describeChecks(_on: C, _map: TableMap): Maybe<ReadonlyMap<string, readonly string[]>> {
    return new Map();
  }

  /** The last step of init's unit, told whether rows may have changed (SQLite checks foreign keys). */
  finishSetUp(_on: C, _declared: TableMap, _changed: boolean): Maybe<void> {}

  /** The table's name in messages. */
  tableLabel(name: string): string {
    return name;
  }

  /** Adopts what the table the application owns is like (the columns a dialect types, generated ids). */
  adoptColumns(columns: readonly OwnedColumn[], idColumn: OwnedColumn): void {
    if (this.dialect.forColumns) this.dialect = this.dialect.forColumns(columns);
    this.forgetReads();
    this.generatedIds = idColumn.hasDefault;
  }

  /** Pages kept while the revision stays the same, for reads on `on`; none by default. */
  pageMemo(_on: C): PageMemo<T> | undefined {
    return undefined;
  }

  newId(_on: C): Maybe<unknown> {
    return this.map.managed || this.generatedIds ? undefined : crypto.randomUUID();
  }

  async ping(): Promise<void> {
    await this.database.ping();
  }

  async close(): Promise<void> {
    await this.database.close();
  }

  /** The read statements on a connection, made once per connection (their SQL texts are built once). */
  reads(on: C): EngineReads<T> {
    // The last connection's first: most reads run on the same one (SQLite's reader, PostgreSQL's pool).
    if (on === this.lastOn && this.lastReads) return this.lastReads;
    let reads: EngineReads<T> | undefined;
    if (typeof on !== 'object' || on === null) reads = tableReads(this, on);
    else {
      reads = this.readsOf.get(on);
      if (!reads) this.readsOf.set(on, (reads = tableReads(this, on)));
    }
    this.lastOn = on;
    this.lastReads = reads;
    return reads;
  }

  /** One record, found, gone or missing: the read every GET of a record makes, without a wait where the driver has none. */
  lookup(on: C, id: string, reads = this.reads(on)): Maybe<Lookup<T>> {
    const key = keyOfId(this.map.id.storage, id);
    if (key === undefined) return { status: 'missing' };
    const record = reads.record(key);
    // A record already there (a synchronous driver) is answered without making a closure.
    if (record !== undefined && !(record instanceof Promise)) return { status: 'found', record };
    return chain(record, (found): Maybe<Lookup<T>> => {
      if (found) return { status: 'found', record: found };
      return chain(reads.tombstones([key]), (gone) => (gone.size > 0 ? { status: 'gone' } : { status: 'missing' }));
    });
  }

  lookupForWrite(on: C, key: string): Maybe<Lookup<T>> {
    const clause = this.dialect.lockClause?.('update');
    return clause ? this.lookup(on, key, tableReads(this, on, clause)) : this.lookup(on, key);
  }

  /** Turns a refusal of the database (a rule of the table) into the API's error. */
  async guarded<R>(work: () => Promise<R>, deleting = false): Promise<R> {
    try {
      return await work();
    } catch (error) {
      const violation = this.dialect.violation(error);
      if (!violation) throw error;
      throw violationError(this.map, violation, deleting);
    }
  }

  async list(query: ListQuery, options?: StoreCallOptions): Promise<ListResult<T>> {
    // Inside a unit of work the revision may name writes of that unit alone, which may be undone.
    const estimates = options?.transaction ? undefined : this.estimates;
    return listPage(this.map, this.dialect, this.reads(this.driver.readsOn(options)), query, estimates);
  }

  async listGroups(query: GroupQuery, options?: StoreCallOptions): Promise<GroupPage<T>[]> {
    const on = this.driver.readsOn(options);
    return groupPages(this.map, this.dialect, query, (where, column, fields) =>
      groupRows(this, on, where, column, fields, query.limit),
    );
  }

  async count(filter: StoreFilter, options?: StoreCallOptions): Promise<number> {
    return countWhere(this.map, this.dialect, this.reads(this.driver.readsOn(options)), filter);
  }

  async get(id: string, options?: StoreCallOptions): Promise<Lookup<T>> {
    const on = this.driver.readsOn(options);
    return this.lookup(on, id, this.callReads(on, options));
  }

  async getMany(ids: readonly string[], options?: StoreCallOptions): Promise<Lookup<T>[]> {
    return lookups(this.map, this.callReads(this.driver.readsOn(options), options), ids);
  }

  /** A call's reads: locking the rows they find when a unit of work asks it to (see `StoreCallOptions.lock`). */
  private callReads(on: C, options: StoreCallOptions | undefined): EngineReads<T> {
    const clause = options?.lock && options.transaction ? this.dialect.lockClause?.(options.lock) : undefined;
    return clause ? tableReads(this, on, clause) : this.reads(on);
  }

  async revision(options?: StoreCallOptions): Promise<number> {
    return (await this.reads(this.driver.readsOn(options)).revision()).revision;
  }

  async create(data: T, options?: StoreCallOptions): Promise<StoredRecord<T>> {
    if (options?.transaction === undefined && this.dialect.can.batchedCreates)
      return (this.batches ??= new CreateBatches<T>(
        async (many) =>
          (this.driver.runUnit ? await createInOneUnit(this, many) : undefined) ??
          this.driver.write(undefined, manyStatements(this), (on) => insertRows(this, on, many)),
        (one) => this.createAlone(one),
      )).create(data);
    return this.createAlone(data, options);
  }

  private async createAlone(data: T, options?: StoreCallOptions): Promise<StoredRecord<T>> {
    // One round trip where the driver can send a whole unit at once (see one-trip-creates.ts).
    if (options?.transaction === undefined && this.driver.runUnit) {
      const created = await this.guarded(() => createInOneUnit(this, [data]));
      if (created) return created[0]!;
    }
    return this.driver.write(options, manyStatements(this), (on) => this.guarded(() => insertRow(this, on, data)));
  }

  async replace(id: string, data: T, expectedVersion?: number, options?: StoreCallOptions): Promise<WriteResult<T>> {
    return this.overwrite(id, data, this.map.columns, expectedVersion, options);
  }

  async update(
    id: string,
    changes: Readonly<Partial<T>>,
    expectedVersion?: number,
    options?: StoreCallOptions,
  ): Promise<WriteResult<T>> {
    const columns = this.map.columns.filter((column) => Object.hasOwn(changes, column.field));
    // Nothing to set: the record as it stands, if it still holds the version the caller expects.
    if (columns.length === 0) {
      const now = await this.get(id, options);
      if (now.status !== 'found') return now;
      if (expectedVersion !== undefined && now.record.version !== expectedVersion)
        return { status: 'conflict', current: now.record };
      return { status: 'ok', record: now.record };
    }
    return this.overwrite(id, changes as T, columns, expectedVersion, options);
  }

  /** Writes `columns` of a row from `data`, the others kept, if its version still holds. */
  private async overwrite(
    id: string,
    data: T,
    columns: readonly ColumnMap[],
    expectedVersion: number | undefined,
    options: StoreCallOptions | undefined,
  ): Promise<WriteResult<T>> {
    const key = keyOfId(this.map.id.storage, id);
    const atomic =
      manyStatements(this) ||
      !this.dialect.can.returningOnUpdate ||
      (expectedVersion !== undefined && !this.shape.versionSql);
    return this.driver.write(options, atomic, async (on): Promise<WriteResult<T>> => {
      const written =
        key === undefined
          ? undefined
          : await this.guarded(() => overwriteRow(this, on, key, data, expectedVersion, columns));
      return written ? { status: 'ok', record: written } : unwritten(await this.lookup(on, id));
    });
  }

  async delete(id: string, expectedVersion?: number, options?: StoreCallOptions): Promise<DeleteResult<T>> {
    const key = keyOfId(this.map.id.storage, id);
    const readFirst = expectedVersion !== undefined && !this.shape.versionSql;
    return this.driver.write(options, manyStatements(this) || readFirst, async (on): Promise<DeleteResult<T>> => {
      if (key === undefined) return unwritten(await this.lookup(on, id));
      // A digest is compared with the row read first, in the same unit.
      if (readFirst) {
        const now = await this.lookupForWrite(on, key);
        if (now.status !== 'found' || now.record.version !== expectedVersion) return unwritten(now);
      }
      const deleted = await this.guarded(() => removeRows(this, on, rowWhere(this, key, expectedVersion)), true);
      return deleted > 0 ? { status: 'ok' } : unwritten(await this.lookup(on, id));
    });
  }

  async deleteWhere(filter: StoreFilter, options?: StoreCallOptions): Promise<number> {
    if (whereOf(this.map, this.dialect, filter).none) return 0;
    return this.driver.write(options, manyStatements(this), (on) =>
      this.guarded(() => removeRows(this, on, filterWhere(this, filter)), true),
    );
  }

  async deleteAll(expectedRevision?: number, options?: StoreCallOptions): Promise<DeleteAllResult> {
    return this.driver.write(options, true, (on) => this.guarded(() => bulkDelete(this, on, expectedRevision), true));
  }

  async replaceMany(
    entries: readonly ReplaceEntry<T>[],
    expectedRevision?: number,
    options?: StoreCallOptions,
  ): Promise<ReplaceManyResult<T>> {
    return this.driver.write(options, true, (on) =>
      this.guarded(() => bulkReplace(this, on, entries, expectedRevision)),
    );
  }
}
