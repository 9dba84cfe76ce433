import { hash } from 'node:crypto';
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
  StoredRecord,
  StoreFilter,
  StoreInit,
  WriteResult,
} from '@corral/core';
import {
  checkSeedParents,
  countWhere,
  existingTableProblems,
  groupPages,
  groupStatements,
  keyOfId,
  legacyRefused,
  listPage,
  lookups,
  planReplaceMany,
  projectedMap,
  quoted,
  recordData,
  rowValues,
  selectedColumns,
  tableMapOf,
  tableMismatch,
  unwritten,
  whereOf,
  withActualStorage,
  type RevisionRead,
  type TableMap,
  type TableOptions,
  type TableReads,
  type Where,
} from '@corral/sql';
import type { SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase } from './database.js';
import { sqliteCodec, sqliteDialect } from './dialect.js';
import { statisticsEstimate } from './estimate.js';
import { legacyProblems, legacyTableOf, moveLegacy } from './legacy-layout.js';
import { checkForeignKeys, createOrExtend, finishManaged, plannedWork, rebuild } from './managed-table.js';
import { deepFrozen, PageCache } from './page-cache.js';
import { columnsOf, tableExists } from './table-info.js';
import { asSqliteError } from './violation.js';

/** Settings of one store of a {@link SqliteDatabase}. */
export interface SqliteStoreOptions<T> extends TableOptions {
  /** Records for a table that has never held one (not even a deleted one): demo or seed data. */
  readonly seed?: readonly T[];
  /** Field -> column, for columns not named the field's snake_case spelling (the fields are checked at start-up). */
  readonly columns?: { readonly [K in keyof NoInfer<T> & string]?: string };
}

type Row = Record<string, SQLInputValue>;
/** A row read by a statement that gives arrays (see `SqliteDatabase.statement`). */
type ArrayRow = readonly SQLInputValue[];
const isArrayRow = (row: Row | ArrayRow): row is ArrayRow => Array.isArray(row);
const versionAlias = 'corral_row_version';

/** Field selections a store reads in part; others read whole rows. */
const maxSelections = 64;

/**
 * One collection's records in one table, a column per field. In a table of its own the store keeps
 * a version column and triggers that keep the bookkeeping right whoever writes; in a table the
 * application owns it changes nothing of the table, and takes each row's version from a declared
 * column or, without one, from a digest of the row's values.
 */
export class SqliteStore<T extends object> implements Store<T> {
  private tableMap: TableMap | undefined;

  constructor(
    /** The database whose transactions this store takes part in. */
    readonly database: SqliteDatabase,
    private readonly options: SqliteStoreOptions<T>,
  ) {}

  /** Tables the application owns may be written by others; the revision then counts this store's writes only. */
  /** Comparisons and cursor paging are carried out in SQL. */
  readonly listFeatures: ListFeatures = { conditions: true, seek: true };

  get revisionScope(): 'all-writes' | 'own-writes' {
    return this.options.table === undefined ? 'all-writes' : 'own-writes';
  }

  /** The table and its columns, once `init` has read or made them. */
  get map(): TableMap {
    if (!this.tableMap)
      throw new CorralError(
        'CORRAL_STORE_NOT_INITIALIZED',
        '@corral/sqlite: a store is used before init(); give it to a collection of an API',
      );
    return this.tableMap;
  }

  /**
   * Seed records are checked before they go in; writes through the API are checked by core (see
   * Store.checksParentKeys).
   */
  readonly checksParentKeys = true;

  async init(init: StoreInit): Promise<void> {
    const parentStore = init.parent?.store;
    // A foreign key only between tables the store makes: a table the application owns is never tied
    // to one of the store's.
    const parent =
      parentStore instanceof SqliteStore &&
      parentStore.database === this.database &&
      parentStore.map.managed &&
      this.options.table === undefined
        ? { table: parentStore.map.table, id: parentStore.map.id }
        : undefined;
    const declared = tableMapOf(
      init,
      this.options.table === undefined ? { ...this.options, id: undefined, version: undefined } : this.options,
      parent,
    );
    const { connection } = this.database;
    // Seed records go only into a table that never held one: those are checked first.
    if (this.mayTakeSeed(declared)) await checkSeedParents(init, this.options.seed ?? []);
    const seed = () => {
      connection
        .prepare('INSERT OR IGNORE INTO corral_revisions (collection, revision) VALUES (?, 0)')
        .run(init.collection);
      if (!this.neverHeldARecord()) return false;
      for (const data of this.options.seed ?? []) this.insert(data);
      return (this.options.seed ?? []).length > 0;
    };
    if (!declared.managed) {
      this.tableMap = await this.database.write(undefined, () => this.ownedTable(declared));
      await this.database.write(undefined, seed);
      return;
    }
    // Everything in one transaction, with foreign keys off (a rebuild needs them off): it is made
    // whole or not at all, and what it touched is checked before it commits.
    await this.database.rebuilding(async () => {
      const legacy = legacyTableOf(connection, declared);
      let touched = false;
      if (legacy !== undefined) {
        const problems = legacyProblems(connection, declared, legacy);
        if (problems.length > 0) throw legacyRefused(declared, problems);
        moveLegacy(connection, declared, legacy);
        touched = true;
      } else {
        const work = await plannedWork(connection, declared);
        if (work.kind === 'rebuild') rebuild(connection, declared);
        else createOrExtend(connection, declared, work);
        touched = work.kind === 'rebuild' || (work.kind === 'add' && work.columns.length > 0);
      }
      finishManaged(connection, declared);
      this.tableMap = declared;
      if (seed() || touched) checkForeignKeys(connection, declared);
    });
  }

  /**
   * Checks a table the application owns against the declarations; refuses start-up, naming each
   * problem, when it cannot serve them.
   */
  private ownedTable(declared: TableMap): TableMap {
    const { connection } = this.database;
    if (!tableExists(connection, declared.table))
      throw tableMismatch(declared, [
        `table ${declared.table} does not exist (the store serves a table the application made; leave out \`table\` to have it make one)`,
      ]);
    const columns = columnsOf(connection, declared.table);
    const problems = existingTableProblems(declared, columns, true);
    if (problems.length > 0) throw tableMismatch(declared, problems);
    const idStorage =
      columns.find((column) => column.name === declared.id.column)!.storage === 'integer' ? 'integer' : 'text';
    return withActualStorage(declared, idStorage, (name) => {
      const found = columns.find((column) => column.name === name);
      return { storage: found?.storage === 'other' ? undefined : found?.storage, notNull: found?.notNull ?? false };
    });
  }

  /** Whether the table is missing or has never held a record, before init touches it (seed records would go in). */
  private mayTakeSeed(declared: TableMap): boolean {
    if ((this.options.seed ?? []).length === 0) return false;
    const { connection } = this.database;
    // A table of the earlier layout is moved in instead.
    if (declared.managed && legacyTableOf(connection, declared) !== undefined) return false;
    const exists = connection
      .prepare(`SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?) AS any`)
      .get(declared.table)!.any;
    const rows = exists
      ? connection.prepare(`SELECT EXISTS (SELECT 1 FROM ${quoted(declared.table)}) AS any`).get()!.any
      : 0;
    const tombstones = connection
      .prepare('SELECT EXISTS (SELECT 1 FROM corral_tombstones WHERE collection = ?) AS any')
      .get(declared.collection)!.any;
    return !rows && !tombstones;
  }

  private neverHeldARecord(): boolean {
    const { map } = this;
    const rows = this.statement(`SELECT EXISTS (SELECT 1 FROM ${quoted(map.table)}) AS any`).get()!.any;
    const tombstones = this.statement(
      'SELECT EXISTS (SELECT 1 FROM corral_tombstones WHERE collection = ?) AS any',
    ).get(map.collection)!.any;
    return !rows && !tombstones;
  }

  async ping(): Promise<void> {
    this.database.ping();
  }

  async close(): Promise<void> {
    await this.database.close();
  }

  private statement(sql: string) {
    return this.database.statement(sql);
  }

  private selectList: string | undefined;

  /** The SELECT list of a record: id, fields, and the version when a column holds it; made once. */
  private get selected(): string {
    const { map } = this;
    return (this.selectList ??= `${selectedColumns(map)}${map.version ? `, ${quoted(map.version)} AS ${versionAlias}` : ''}`);
  }

  /** SELECT lists and maps of the field selections lists asked for (few: one per `?fields=` in use). */
  private readonly selections = new Map<string, { readonly select: string; readonly map: TableMap }>();

  /**
   * The SELECT list and map of a selection of fields. A version that is a digest of the row needs
   * every column, so such a table is always read whole.
   */
  private selection(fields: readonly string[] | undefined): { readonly select: string; readonly map: TableMap } {
    const { map } = this;
    if (!fields || !map.version) return { select: this.selected, map };
    const key = fields.join(',');
    let found = this.selections.get(key);
    if (!found) {
      // Clients choose selections: past a bounded number, whole rows are read, so that the
      // prepared statements stay bounded too.
      if (this.selections.size >= maxSelections) return { select: this.selected, map };
      const projected = projectedMap(map, fields);
      found = { select: `${selectedColumns(projected)}, ${quoted(map.version)} AS ${versionAlias}`, map: projected };
      this.selections.set(key, found);
    }
    return found;
  }

  /** A key from a URL as SQLite compares it with the id column (an integer column holds numbers, not text). */
  private bound(key: string): SQLInputValue {
    if (this.map.id.storage !== 'integer') return key;
    // Up to 15 digits a key is a safe number, which binds without making a BigInt.
    return key.length <= 15 ? Number(key) : BigInt(key);
  }

  /** A record from a row by column name, or from a row as an array in the order of {@link selected}. */
  private record(row: Row | ArrayRow, map = this.map): StoredRecord<T> {
    if (isArrayRow(row)) {
      const version = map.version
        ? Number(row[map.columns.length + 1])
        : digestOf(row.slice(1, map.columns.length + 1));
      return { id: String(row[0]), version, data: recordData(map, row, sqliteCodec) as T };
    }
    const version = map.version ? Number(row[versionAlias]) : digestOf(map.columns.map((column) => row[column.column]));
    return { id: String(row[map.id.column]), version, data: recordData(map, row, sqliteCodec) as T };
  }

  /**
   * The read statements, on the read-only connection (committed data only) or, inside a write or
   * a unit of work, on the writing one (which sees what the unit wrote).
   */
  private reads(onReader: boolean): TableReads<T> {
    // Made once per connection: a read runs on every request, and its SQL texts are built once here
    // (a statement is found again by its text, which then is hashed only once).
    if (onReader) return (this.readerReads ??= this.makeReads(true));
    return (this.writerReads ??= this.makeReads(false));
  }

  private readerReads: TableReads<T> | undefined;
  private writerReads: TableReads<T> | undefined;

  private makeReads(onReader: boolean): TableReads<T> {
    const { map } = this;
    const table = quoted(map.table);
    const id = quoted(map.id.column);
    const run = (sql: string) => (onReader ? this.database.readStatement(sql) : this.statement(sql));
    // Rows that become records come as arrays: a row object costs about as much again as the read.
    const runForRecords = (sql: string) =>
      onReader ? this.database.readStatement(sql, true) : this.database.statement(sql, true);
    const byId = `SELECT ${this.selected} FROM ${table} WHERE ${id} = ?`;
    const byIds = `SELECT ${this.selected} FROM ${table} WHERE ${id} IN (SELECT value FROM json_each(?))`;
    const tombstone = 'SELECT 1 FROM corral_tombstones WHERE collection = ? AND id = ?';
    // One statement for both: the revision and the live count sit in the same row.
    const revision = (): RevisionRead => {
      const row = run('SELECT revision, live FROM corral_revisions WHERE collection = ?').get(map.collection)!;
      return { revision: Number(row.revision), kept: map.managed ? Number(row.live) : undefined };
    };
    // Committed pages of a table whose triggers count every write, in this process or another.
    const pages = onReader && map.managed ? new PageCache<T>() : undefined;
    return {
      revision,
      // Revision first, then the rows: nothing of this process runs between two synchronous statements,
      // and another process's write landing between them makes the tag older than the rows, never newer.
      page: (where, order, window, fields) => {
        const at = revision();
        const { select, map: read } = this.selection(fields);
        const sql = `SELECT ${select} FROM ${table} WHERE ${where.sql} ORDER BY ${order} LIMIT ?${where.parameters.length + 1} OFFSET ?${where.parameters.length + 2}`;
        const values = [...(where.parameters as SQLInputValue[]), window.limit, window.offset];
        const key = pages && PageCache.keyOf(sql, values);
        const cached = key === undefined ? undefined : pages!.get(at.revision, key);
        if (cached) return { ...at, records: [...cached] };
        const records = (runForRecords(sql).all(...values) as unknown as ArrayRow[]).map((row) =>
          this.record(row, read),
        );
        if (key === undefined) return { ...at, records };
        // Records handed out more than once are frozen, as the memory store's are.
        const kept = records.map(deepFrozen);
        pages!.set(at.revision, key, kept);
        return { ...at, records: [...kept] };
      },
      estimate: (where) => statisticsEstimate(this.database, map, where),
      count: (where) =>
        Number(
          run(`SELECT count(*) AS n FROM ${table} WHERE ${where.sql}`).get(...(where.parameters as SQLInputValue[]))!.n,
        ),
      records: (keys) => {
        if (keys.length === 1) {
          const row = runForRecords(byId).get(this.bound(keys[0]!)) as unknown as ArrayRow | undefined;
          return row ? [this.record(row)] : [];
        }
        return (
          runForRecords(byIds).all(
            JSON.stringify(keys.map((key) => (map.id.storage === 'integer' ? Number(key) : key))),
          ) as unknown as ArrayRow[]
        ).map((row) => this.record(row));
      },
      tombstones: (keys) =>
        new Set(keys.filter((key) => run(tombstone).get(map.collection, this.bound(key)) !== undefined)),
    };
  }

  private currentRevision(onReader = false): number {
    const sql = 'SELECT revision FROM corral_revisions WHERE collection = ?';
    return Number(
      (onReader ? this.database.readStatement(sql) : this.statement(sql)).get(this.map.collection)!.revision,
    );
  }

  /** Counts one committed write of a table whose writes no trigger counts (a table the application owns). */
  private bump(): void {
    this.statement('UPDATE corral_revisions SET revision = revision + 1 WHERE collection = ?').run(this.map.collection);
  }

  private lookup(id: string, onReader = false): Lookup<T> {
    const key = keyOfId(this.map.id.storage, id);
    if (key === undefined) return { status: 'missing' };
    const reads = this.reads(onReader);
    const [record] = reads.records([key]) as StoredRecord<T>[];
    if (record) return { status: 'found', record };
    return (reads.tombstones([key]) as ReadonlySet<string>).size > 0 ? { status: 'gone' } : { status: 'missing' };
  }

  async list(query: ListQuery, options?: StoreCallOptions): Promise<ListResult<T>> {
    this.database.check(options);
    return listPage(this.map, sqliteDialect, this.reads(!options?.transaction), query);
  }

  async listGroups(query: GroupQuery, options?: StoreCallOptions): Promise<GroupPage<T>[]> {
    this.database.check(options);
    const onReader = !options?.transaction;
    const run = (sql: string) => (onReader ? this.database.readStatement(sql) : this.statement(sql));
    return groupPages(this.map, sqliteDialect, query, (where, column, fields) => {
      const { select, map: read } = this.selection(fields);
      const statements = groupStatements(
        this.map,
        quoted(this.map.table),
        where,
        column,
        select,
        `?${where.parameters.length + 1}`,
      );
      const parameters = where.parameters as SQLInputValue[];
      return {
        records: (run(statements.rows).all(...parameters, query.limit) as Row[]).map((row) => this.record(row, read)),
        totals: (run(statements.totals).all(...parameters) as Row[]).map(
          (row) => [row.corral_key, Number(row.corral_total)] as const,
        ),
      };
    });
  }

  async count(filter: StoreFilter, options?: StoreCallOptions): Promise<number> {
    this.database.check(options);
    return countWhere(this.map, sqliteDialect, this.reads(!options?.transaction), filter);
  }

  async get(id: string, options?: StoreCallOptions): Promise<Lookup<T>> {
    this.database.check(options);
    return this.lookup(id, !options?.transaction);
  }

  async getMany(ids: readonly string[], options?: StoreCallOptions): Promise<Lookup<T>[]> {
    this.database.check(options);
    return lookups(this.map, this.reads(!options?.transaction), ids);
  }

  /** Runs a write's statements (see SqliteDatabase.write), turning a refusal of the database into the API's error. */
  private write<R>(options: StoreCallOptions | undefined, step: () => R, deleting = false): Promise<R> {
    return this.database.write(options, () => {
      try {
        return step();
      } catch (error) {
        throw asSqliteError(this.map, error, deleting);
      }
    });
  }

  /** The id for a new row where the database would not give one that was never handed out. */
  private newId(): SQLInputValue | undefined {
    const { map } = this;
    if (map.managed) return undefined;
    if (map.id.storage !== 'integer') return crypto.randomUUID();
    // A plain INTEGER PRIMARY KEY reuses the highest id once its row is deleted; tombstones must never come back.
    // The sequence table exists once any table of the file uses AUTOINCREMENT.
    const sequenced = this.statement(`SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_sequence'`).get() !== undefined;
    const row =
      this.statement(`SELECT max(coalesce((SELECT max(${quoted(map.id.column)}) FROM ${quoted(map.table)}), 0),
      coalesce((SELECT max(id) FROM corral_tombstones WHERE collection = ?1 AND typeof(id) = 'integer'), 0),
      ${sequenced ? 'coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?2), 0)' : '?2 IS NULL'}) + 1 AS next`).get(
        map.collection,
        map.table,
      )!;
    return Number(row.next);
  }

  private insert(data: T): StoredRecord<T> {
    const { map } = this;
    const id = this.newId();
    const names = [
      ...(id === undefined ? [] : [map.id.column]),
      ...(map.version && !map.managed ? [map.version] : []),
      ...map.columns.map((column) => column.column),
    ];
    const values = [
      ...(id === undefined ? [] : [id]),
      ...(map.version && !map.managed ? [1] : []),
      ...rowValues(map, data as Record<string, unknown>, sqliteCodec),
    ] as SQLInputValue[];
    const row = this.statement(
      `INSERT INTO ${quoted(map.table)} (${names.map((name) => quoted(name)).join(', ')}) VALUES (${values.map((_, i) => `?${i + 1}`).join(', ')}) RETURNING ${this.selected}`,
    ).get(...values) as Row;
    if (!map.managed) this.bump();
    return this.record(row);
  }

  /**
   * Writes new data if the row still holds `expectedVersion` (when given); undefined when it did
   * not or the row is not there. A version kept in a column is checked and raised by the UPDATE
   * itself; a digest is checked against the row read in the same transaction (writes are serialised).
   */
  private overwrite(key: string, data: T, expectedVersion: number | undefined): StoredRecord<T> | undefined {
    const { map } = this;
    const id = quoted(map.id.column);
    if (!map.version && expectedVersion !== undefined) {
      const now = this.lookup(key);
      if (now.status !== 'found' || now.record.version !== expectedVersion) return undefined;
    }
    const values = rowValues(map, data as Record<string, unknown>, sqliteCodec) as SQLInputValue[];
    const assignments = map.columns.map((column, i) => `${quoted(column.column)} = ?${i + 3}`);
    if (map.version) assignments.push(`${quoted(map.version)} = coalesce(${quoted(map.version)}, 0) + 1`);
    const guard = map.version ? ` AND (?2 IS NULL OR ${quoted(map.version)} = ?2)` : '';
    const row = this.statement(
      `UPDATE ${quoted(map.table)} SET ${assignments.join(', ')} WHERE ${id} = ?1${guard} RETURNING ${this.selected}`,
    ).get(this.bound(key), map.version ? (expectedVersion ?? null) : null, ...values) as Row | undefined;
    if (!row) return undefined;
    if (!map.managed) this.bump();
    return this.record(row);
  }

  /**
   * Deletes the rows the WHERE clause selects; in a table the application owns, leaves their
   * tombstones and counts the write here.
   */
  private remove(where: string, parameters: SQLInputValue[]): number {
    const { map } = this;
    if (map.managed)
      return Number(this.statement(`DELETE FROM ${quoted(map.table)} WHERE ${where}`).run(...parameters).changes);
    const gone = this.statement(
      `DELETE FROM ${quoted(map.table)} WHERE ${where} RETURNING ${quoted(map.id.column)} AS id`,
    ).all(...parameters);
    const tombstone = this.statement('INSERT OR IGNORE INTO corral_tombstones (collection, id) VALUES (?, ?)');
    for (const row of gone) tombstone.run(map.collection, row.id as SQLInputValue);
    if (gone.length > 0) this.bump();
    return gone.length;
  }

  async create(data: T, options?: StoreCallOptions): Promise<StoredRecord<T>> {
    return this.write(options, () => this.insert(data));
  }

  async replace(id: string, data: T, expectedVersion?: number, options?: StoreCallOptions): Promise<WriteResult<T>> {
    return this.write(options, (): WriteResult<T> => {
      const key = keyOfId(this.map.id.storage, id);
      const written = key === undefined ? undefined : this.overwrite(key, data, expectedVersion);
      return written ? { status: 'ok', record: written } : unwritten(this.lookup(id));
    });
  }

  async delete(id: string, expectedVersion?: number, options?: StoreCallOptions): Promise<DeleteResult<T>> {
    return this.write(
      options,
      (): DeleteResult<T> => {
        const { map } = this;
        const key = keyOfId(map.id.storage, id);
        const now = this.lookup(id);
        if (key === undefined || now.status !== 'found') return unwritten(now);
        if (expectedVersion !== undefined && now.record.version !== expectedVersion) return unwritten(now);
        this.remove(`${quoted(map.id.column)} = ?`, [this.bound(key)]);
        return { status: 'ok' };
      },
      true,
    );
  }

  async deleteWhere(filter: StoreFilter, options?: StoreCallOptions): Promise<number> {
    return this.write(
      options,
      () => {
        const where: Where = whereOf(this.map, sqliteDialect, filter);
        return where.none ? 0 : this.remove(where.sql, where.parameters as SQLInputValue[]);
      },
      true,
    );
  }

  async revision(options?: StoreCallOptions): Promise<number> {
    this.database.check(options);
    return this.currentRevision(!options?.transaction);
  }

  async deleteAll(expectedRevision?: number, options?: StoreCallOptions): Promise<DeleteAllResult> {
    return this.write(
      options,
      (): DeleteAllResult => {
        const revision = this.currentRevision();
        if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
        const count = this.remove('1 = 1', []);
        // A committed write, even of nothing (the triggers count rows, and there were none).
        if (count === 0) this.bump();
        return { status: 'ok', count };
      },
      true,
    );
  }

  async replaceMany(
    entries: readonly ReplaceEntry<T>[],
    expectedRevision?: number,
    options?: StoreCallOptions,
  ): Promise<ReplaceManyResult<T>> {
    return this.write(options, (): ReplaceManyResult<T> => {
      const revision = this.currentRevision();
      if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
      const { map } = this;
      const current = new Map<string, Lookup<T>>();
      for (const entry of entries) {
        const key = keyOfId(map.id.storage, entry.id);
        if (key !== undefined && !current.has(key)) current.set(key, this.lookup(key));
      }
      // Counted versions go up by one per write; a digest cannot be foretold, so a repeated id with
      // an expected version is refused.
      const plan = planReplaceMany(
        entries,
        (id) => keyOfId(map.id.storage, id),
        current,
        (version) => (map.version ? version + 1 : undefined),
      );
      if ('refused' in plan) return plan.refused;
      return { status: 'ok', records: plan.steps.map((step) => this.overwrite(step.key, step.data, undefined)!) };
    });
  }
}

/**
 * A row's version where no column counts writes: a digest of the values the API serves, so any
 * change to them gives a new one.
 */
function digestOf(columnValues: readonly unknown[]): number {
  const values = columnValues.map((value) => value ?? null);
  const text = JSON.stringify(values, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  // 52 bits: a whole number JavaScript holds exactly.
  return Number.parseInt(hash('sha1', text, 'hex').slice(0, 13), 16);
}
