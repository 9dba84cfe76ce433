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
  StoreLock,
  WriteResult,
} from '@corral/core';
import {
  checkSeedParents,
  countWhere,
  existingTableProblems,
  groupPages,
  keyOfId,
  lateralGroupStatement,
  keysOfIds,
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
  type PageWindow,
  type QueryDialect,
  type RevisionRead,
  type TableMap,
  type TableOptions,
  type TableReads,
  type Where,
} from '@corral/sql';
import type pg from 'pg';
import {
  bumpCte,
  countsQuery,
  emptyWriteQuery,
  lockedRevisionQuery,
  prepareShards,
  revisionQuery,
} from './counters.js';
import type { PostgresDatabase, Queryable } from './database.js';
import { postgresCodec, postgresDialect } from './dialect.js';
import { legacyProblems, moveLegacy } from './legacy-layout.js';
import { layoutVersion, prepareBookkeeping, prepareManagedTable, storedTable } from './managed-table.js';
import { columnsOf, tableExists } from './table-info.js';
import { asPostgresError } from './violation.js';

/** Settings of one store of a {@link PostgresDatabase}. */
export interface PostgresStoreOptions<T> extends TableOptions {
  /** Records for a table that has never held one (not even a deleted one): demo or seed data. */
  readonly seed?: readonly T[];
  /** Field -> column, for columns not named the field's snake_case spelling (the fields are checked at start-up). */
  readonly columns?: { readonly [K in keyof NoInfer<T> & string]?: string };
}

type Row = Record<string, unknown>;
const versionAlias = 'corral_row_version';
/** The row locks of {@link StoreLock}: `share` lets others update the row (not its key), not delete it. */
const rowLocks: Record<StoreLock, string> = { share: ' FOR KEY SHARE', update: ' FOR UPDATE' };

/** Field selections a store reads in part; others read whole rows. */
const maxSelections = 64;
/** How many page sizes each store writes into its statements (a default, a maximum, a few clients' own). */
const maxLiteralLimits = 8;

/**
 * One collection's records in one table, a column per field. In a table of its own the store keeps
 * a version column and statement triggers that keep the bookkeeping right whoever writes; in a table
 * the application owns it changes nothing of the table, and a row's version is a declared column
 * or, without one, the row's `xmin` (the transaction that last wrote it: new on every change).
 */
export class PostgresStore<T extends object> implements Store<T> {
  private tableMap: TableMap | undefined;
  private dialect: QueryDialect = postgresDialect();

  constructor(
    /** The database whose transactions this store takes part in. */
    readonly database: PostgresDatabase,
    private readonly options: PostgresStoreOptions<T>,
  ) {}

  /** Tables the application owns may be written by others; the revision then counts this store's writes only. */
  /** Comparisons and cursor paging are carried out in SQL. */
  readonly listFeatures: ListFeatures = { conditions: true, seek: true };

  /**
   * Seed records are checked before they go in; writes through the API are checked by core (see
   * Store.checksParentKeys).
   */
  readonly checksParentKeys = true;

  get revisionScope(): 'all-writes' | 'own-writes' {
    return this.options.table === undefined ? 'all-writes' : 'own-writes';
  }

  /** The table and its columns, once `init` has read or made them. */
  get map(): TableMap {
    if (!this.tableMap)
      throw new CorralError(
        'CORRAL_STORE_NOT_INITIALIZED',
        '@corral/postgres: a store is used before init(); give it to a collection of an API',
      );
    return this.tableMap;
  }

  private tableName: string | undefined;

  /** The table's schema-qualified name, made once. */
  private get table(): string {
    return (this.tableName ??= `${this.database.schema}.${quoted(this.map.table)}`);
  }

  async init(init: StoreInit): Promise<void> {
    const { schema } = this.database;
    const parentStore = init.parent?.store;
    const managed = this.options.table === undefined;
    // A foreign key only between tables the store makes: PostgreSQL would put its triggers on a
    // parent table the application owns.
    const parent =
      managed &&
      parentStore instanceof PostgresStore &&
      parentStore.database === this.database &&
      parentStore.map.managed
        ? { table: parentStore.map.table, id: parentStore.map.id }
        : undefined;
    const declared = tableMapOf(
      init,
      managed ? { ...this.options, id: undefined, version: undefined } : this.options,
      parent,
    );
    // Seed records go only into a table that never held one: those are checked first, before a
    // connection and the schema's lock are held (the check reads the parent's table through the pool).
    if (await this.mayTakeSeed(declared)) await checkSeedParents(init, this.options.seed ?? []);
    await this.database.atomically(undefined, async (on) => {
      // One lock per schema: collections and processes starting at once take turns.
      await on.query(`SELECT pg_advisory_xact_lock(hashtext('corral:' || $1))`, [schema]);
      await prepareBookkeeping(on, schema);
      if (managed) {
        const stored = await storedTable(on, schema, declared.collection);
        if (stored && stored.layout > layoutVersion)
          throw new CorralError(
            'CORRAL_TABLE_LAYOUT_MISMATCH',
            `@corral/postgres: the table of ${declared.collection} has layout ${stored.layout}, newer than this version of the package reads (${layoutVersion})`,
          );
        if (stored?.layout === 1) {
          const problems = await legacyProblems(on, schema, declared, declared.collection);
          if (problems.length > 0) throw legacyRefused(declared, problems);
          await moveLegacy(on, schema, declared, declared.collection);
        }
        await prepareManagedTable(on, schema, declared);
        this.tableMap = declared;
      } else {
        this.tableMap = await this.ownedTable(on, declared);
      }
      await prepareShards(on, schema, declared.collection, managed);
      if (await this.neverHeldARecord(on)) for (const data of this.options.seed ?? []) await this.insert(on, data);
    });
  }

  /**
   * Checks a table the application owns against the declarations; refuses start-up, naming each
   * problem, when it cannot serve them.
   */
  private async ownedTable(on: Queryable, declared: TableMap): Promise<TableMap> {
    const schema = this.database.schema.slice(1, -1);
    if (!(await tableExists(on, schema, declared.table)))
      throw tableMismatch(declared, [
        `table ${schema}.${declared.table} does not exist (the store serves a table the application made; leave out \`table\` to have it make one)`,
      ]);
    const columns = await columnsOf(on, schema, declared.table);
    const problems = existingTableProblems(declared, columns, false);
    if (problems.length > 0) throw tableMismatch(declared, problems);
    const idColumn = columns.find((column) => column.name === declared.id.column)!;
    this.dialect = postgresDialect(new Set(columns.filter((column) => column.enumTyped).map((column) => column.name)));
    this.generatedIds = idColumn.hasDefault;
    const actual = (name: string) => {
      const found = columns.find((column) => column.name === name);
      return { storage: found?.storage === 'other' ? undefined : found?.storage, notNull: found?.notNull ?? false };
    };
    return withActualStorage(
      declared,
      idColumn.storage === 'integer' ? 'integer' : idColumn.storage === 'uuid' ? 'uuid' : 'text',
      actual,
    );
  }

  /** Whether the database fills the id of a new row (a table the application owns may leave it to the store: UUIDs). */
  private generatedIds = true;

  /** Whether the table is missing or never held a record, before init touches it: seed records would go in. */
  private async mayTakeSeed(declared: TableMap): Promise<boolean> {
    if ((this.options.seed ?? []).length === 0) return false;
    const { schema } = this.database;
    const table = `${schema}.${quoted(declared.table)}`;
    const found = await this.query(
      this.database.pool,
      `SELECT to_regclass($1) IS NOT NULL AS has_table, to_regclass($2) IS NOT NULL AS has_tombstones, to_regclass($3) IS NOT NULL AS has_bookkeeping`,
      [table, `${schema}.corral_tombstones`, `${schema}.corral_tables`],
    );
    const { has_table: hasTable, has_tombstones: hasTombstones, has_bookkeeping: hasBookkeeping } = found.rows[0]!;
    // A collection the store set up before (in any layout, the earlier ones included) took its seed then, or never will.
    if (hasBookkeeping && (await this.knownCollection(declared.collection))) return false;
    if (
      hasTable &&
      (await this.query(this.database.pool, `SELECT EXISTS (SELECT 1 FROM ${table}) AS any`)).rows[0]!.any
    )
      return false;
    return !(
      hasTombstones &&
      (
        await this.query(
          this.database.pool,
          `SELECT EXISTS (SELECT 1 FROM ${schema}.corral_tombstones WHERE collection = $1) AS any`,
          [declared.collection],
        )
      ).rows[0]!.any
    );
  }

  /** Whether the bookkeeping names the collection: this release's counters, or an earlier one's revision row. */
  private async knownCollection(collection: string): Promise<boolean> {
    const { schema } = this.database;
    const tables = [`${schema}.corral_tables`, `${schema}.corral_counts`, `${schema}.corral_revisions`];
    const present = await this.query(
      this.database.pool,
      `SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NOT NULL`,
      [tables],
    );
    const known = await this.query(
      this.database.pool,
      `SELECT ${present.rows.map((row) => `EXISTS (SELECT 1 FROM ${row.name} WHERE collection = $1)`).join(' OR ')} AS known`,
      [collection],
      true,
    );
    return Boolean(known.rows[0]!.known);
  }

  private async neverHeldARecord(on: Queryable): Promise<boolean> {
    const result = await on.query(
      `SELECT NOT EXISTS (SELECT 1 FROM ${this.table}) AND NOT EXISTS (SELECT 1 FROM ${this.database.schema}.corral_tombstones WHERE collection = $1) AS fresh`,
      [this.map.collection],
    );
    return Boolean(result.rows[0]!.fresh);
  }

  async ping(): Promise<void> {
    await this.database.ping();
  }

  async close(): Promise<void> {
    await this.database.close();
  }

  /** The SQL of a row's version: the column counting writes, or the transaction that last wrote the row. */
  private get versionSql(): string {
    return this.map.version ? quoted(this.map.version) : 'xmin::text::bigint';
  }

  private selectList: string | undefined;

  /** The SELECT (and RETURNING) list of a record, made once. */
  private get selected(): string {
    return (this.selectList ??= `${selectedColumns(this.map)}, ${this.versionSql} AS ${versionAlias}`);
  }

  /** SELECT lists and maps of the field selections lists asked for (few: one per `?fields=` in use). */
  private readonly selections = new Map<string, { readonly select: string; readonly map: TableMap }>();

  /** The SELECT list and map of a selection of fields. */
  private selection(fields: readonly string[]): { readonly select: string; readonly map: TableMap } {
    const key = fields.join(',');
    let found = this.selections.get(key);
    if (!found) {
      // Clients choose selections: past a bounded number, whole rows are read, so that the
      // statements prepared on each connection stay bounded too.
      if (this.selections.size >= maxSelections) return { select: this.selected, map: this.map };
      const map = projectedMap(this.map, fields);
      found = { select: `${selectedColumns(map)}, ${this.versionSql} AS ${versionAlias}`, map };
      this.selections.set(key, found);
    }
    return found;
  }

  /**
   * The type an id parameter is cast to: a key of a smaller integer column still compares (and uses
   * its index) without overflowing.
   */
  private get idType(): string {
    return this.map.id.storage === 'integer' ? 'bigint' : this.map.id.storage;
  }

  private record(row: Row, map = this.map): StoredRecord<T> {
    return {
      id: String(row[map.id.column]),
      version: Number(row[versionAlias]),
      data: recordData(map, row, postgresCodec) as T,
    };
  }

  private query<R extends pg.QueryResultRow = Row>(
    on: Queryable,
    text: string,
    values: unknown[] = [],
    planEachTime = false,
  ): Promise<pg.QueryResult<R>> {
    return this.database.query<R>(on, text, values, planEachTime);
  }

  /**
   * The statement fragment that counts one committed write of a table the application owns (`$1` is
   * the collection).
   */
  private bump(when: string): string {
    return bumpCte(this.database.schema, when);
  }

  /**
   * What reads run on. `lock` (inside a unit of work only) makes lookups lock the rows they find
   * until the unit ends: `share` keeps others from deleting them, `update` from any write.
   */
  private reads(on: Queryable, lock?: StoreLock): TableReads<T> {
    const { map, table } = this;
    const { schema } = this.database;
    const id = quoted(map.id.column);
    const locked = lock && on !== this.database.pool ? rowLocks[lock] : '';
    const revision = async (): Promise<RevisionRead> => {
      const row = (await this.query(on, revisionQuery(schema), [map.collection])).rows[0]!;
      return { revision: Number(row.revision), kept: map.managed ? Number(row.live) : undefined };
    };
    // What a page reads beside its rows. Its value is repeated on every row, and pg parses each copy: a table
    // the store made needs its live count too (one array), one the application owns only the revision.
    const countsSql = (parameter: number) => countsQuery(schema, `$${parameter}`, map.managed);
    const counts = (value: unknown): RevisionRead => {
      if (!map.managed) return { revision: Number(value), kept: undefined };
      const [revisionRead, live] = value as [string, string | null];
      return { revision: Number(revisionRead), kept: Number(live) };
    };
    return {
      revision,
      // One statement reads the rows and the revision (one snapshot), so a page's tag is never newer than its rows.
      page: async (where: Where, order: string, window: PageWindow, fields?: readonly string[]) => {
        const n = where.parameters.length;
        const { select, map: read } = fields ? this.selection(fields) : { select: this.selected, map };
        // A first page (every cursor page is one) names its LIMIT in the text: PostgreSQL then plans the
        // statement once and keeps the plan, where LIMIT $n made it plan every run (its generic plan,
        // costed for any limit, never wins). Later pages, and limits past the few kept, stay parameters.
        const literal = window.offset === 0 && this.literalLimit(window.limit);
        const slice = literal
          ? { sql: `LIMIT ${window.limit}`, values: [] }
          : { sql: `LIMIT $${n + 2} OFFSET $${n + 3}`, values: [window.limit, window.offset] };
        const rows = () =>
          this.query(
            on,
            `SELECT ${select}, (${countsSql(n + 1)}) AS corral_counts
          FROM ${table} WHERE ${where.sql} ORDER BY ${order} ${slice.sql}`,
            [...where.parameters, map.collection, ...slice.values],
            where.searched || where.compared,
          );
        for (;;) {
          const page = await rows();
          const first = page.rows[0];
          if (first) return { ...counts(first.corral_counts), records: page.rows.map((row) => this.record(row, read)) };
          // An empty page carries no revision: read it with a check, in one snapshot, that the page is still empty.
          const check = await this.query(
            on,
            `SELECT (${countsSql(n + 2)}) AS corral_counts, EXISTS (SELECT 1 FROM ${table} WHERE ${where.sql} OFFSET $${n + 1}) AS appeared`,
            [...where.parameters, window.offset, map.collection],
            where.searched || where.compared,
          );
          const row = check.rows[0]!;
          if (!row.appeared) return { ...counts(row.corral_counts), records: [] };
        }
      },
      estimate: async (where) => {
        // Not prepared by name: a generic plan would estimate every value alike.
        const plan = await this.query(
          on,
          `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${where.sql}`,
          where.parameters,
          true,
        );
        return Number(
          (plan.rows[0] as { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] })['QUERY PLAN'][0].Plan['Plan Rows'],
        );
      },
      count: async (where) =>
        Number(
          (
            await this.query(
              on,
              `SELECT count(*)::bigint AS n FROM ${table} WHERE ${where.sql}`,
              where.parameters,
              where.searched || where.compared,
            )
          ).rows[0]!.n,
        ),
      records: async (keys) =>
        (keys.length === 1
          ? await this.query(on, `SELECT ${this.selected} FROM ${table} WHERE ${id} = $1::${this.idType}${locked}`, [
              keys[0],
            ])
          : await this.query(
              on,
              `SELECT ${this.selected} FROM ${table} WHERE ${id} = ANY($1::${this.idType}[])${locked && ` ORDER BY ${id}${locked}`}`,
              [keys],
            )
        ).rows.map((row) => this.record(row)),
      tombstones: async (keys) =>
        new Set(
          (
            await this.query(
              on,
              `SELECT id FROM ${this.database.schema}.corral_tombstones WHERE collection = $1 AND id = ANY($2::text[])`,
              [map.collection, keys],
            )
          ).rows.map((row) => String(row.id)),
        ),
    };
  }

  /** Page sizes written into page statements as literals: the first few asked for, so that the statements stay few. */
  private readonly literalLimits = new Set<number>();

  private literalLimit(limit: number): boolean {
    if (this.literalLimits.has(limit)) return true;
    if (this.literalLimits.size >= maxLiteralLimits || !Number.isSafeInteger(limit)) return false;
    this.literalLimits.add(limit);
    return true;
  }

  /** The revision; with `lock`, after locking every shard of it, so that no write of the collection commits meanwhile. */
  private async currentRevision(on: Queryable, lock = false): Promise<number> {
    const { schema } = this.database;
    const { rows } = await this.query(on, lock ? lockedRevisionQuery(schema) : revisionQuery(schema), [
      this.map.collection,
    ]);
    return rows.reduce((sum, row) => sum + Number(row.revision), 0);
  }

  private async lookup(on: Queryable, id: string, lock?: StoreLock): Promise<Lookup<T>> {
    return (await lookups(this.map, this.reads(on, lock), [id]))[0]!;
  }

  async list(query: ListQuery, options?: StoreCallOptions): Promise<ListResult<T>> {
    return listPage(this.map, this.dialect, this.reads(this.database.on(options)), query);
  }

  async listGroups(query: GroupQuery, options?: StoreCallOptions): Promise<GroupPage<T>[]> {
    const on = this.database.on(options);
    return groupPages(this.map, this.dialect, query, async (where, column, fields) => {
      const { select, map: read } = fields ? this.selection(fields) : { select: this.selected, map: this.map };
      // One statement: each group's count, joined to its first rows (found through the index, not ranked).
      const statement = lateralGroupStatement(
        this.map,
        this.table,
        where,
        column,
        select,
        `$${where.parameters.length + 1}`,
      );
      const { rows } = await this.query(on, statement, [...where.parameters, query.limit]);
      const totals = new Map(rows.map((row) => [String(row.corral_key), Number(row.corral_total)] as const));
      return { records: rows.map((row) => this.record(row, read)), totals: [...totals] };
    });
  }

  async count(filter: StoreFilter, options?: StoreCallOptions): Promise<number> {
    return countWhere(this.map, this.dialect, this.reads(this.database.on(options)), filter);
  }

  async get(id: string, options?: StoreCallOptions): Promise<Lookup<T>> {
    return this.lookup(this.database.on(options), id, options?.lock);
  }

  async getMany(ids: readonly string[], options?: StoreCallOptions): Promise<Lookup<T>[]> {
    return lookups(this.map, this.reads(this.database.on(options), options?.lock), ids);
  }

  /** Runs a write, turning a refusal of the database (a constraint) into the API's error. */
  private async guarded<R>(work: () => Promise<R>, deleting = false): Promise<R> {
    try {
      return await work();
    } catch (error) {
      throw asPostgresError(this.map, error, deleting);
    }
  }

  private async insert(on: Queryable, data: T): Promise<StoredRecord<T>> {
    const { map } = this;
    const ownId = this.generatedIds ? [] : [crypto.randomUUID()];
    const counted = map.version !== undefined && !map.managed;
    const names = [
      ...(ownId.length ? [map.id.column] : []),
      ...(counted ? [map.version!] : []),
      ...map.columns.map((column) => column.column),
    ];
    const values = [
      ...ownId,
      ...(counted ? [1] : []),
      ...rowValues(map, data as Record<string, unknown>, postgresCodec),
    ];
    const insert = (first: number) =>
      `INSERT INTO ${this.table} (${names.map((name) => quoted(name)).join(', ')}) VALUES (${values.map((_, i) => `$${i + first}`).join(', ')}) RETURNING ${this.selected}`;
    // The triggers of the store's own tables count the write; for a table the application owns, the statement does.
    const result = map.managed
      ? await this.query(on, insert(1), values)
      : await this.query(on, `WITH inserted AS (${insert(2)}), ${this.bump('true')} SELECT * FROM inserted`, [
          map.collection,
          ...values,
        ]);
    return this.record(result.rows[0]!);
  }

  /**
   * Writes new data if the row still has `expectedVersion` (when given); undefined when it did not,
   * or the row is not there.
   */
  private async overwrite(
    on: Queryable,
    key: string,
    data: T,
    expectedVersion: number | undefined,
  ): Promise<StoredRecord<T> | undefined> {
    const { map } = this;
    const first = map.managed ? 1 : 2;
    const values = rowValues(map, data as Record<string, unknown>, postgresCodec);
    const assignments = map.columns.map((column, i) => `${quoted(column.column)} = $${i + first + 2}`);
    if (map.version) assignments.push(`${quoted(map.version)} = coalesce(${quoted(map.version)}, 0) + 1`);
    // The version test is on the row being updated: after waiting for another writer's lock,
    // PostgreSQL checks it again on the new row.
    const update = `UPDATE ${this.table} SET ${assignments.join(', ')} WHERE ${quoted(map.id.column)} = $${first}::${this.idType} AND ($${first + 1}::bigint IS NULL OR ${this.versionSql} = $${first + 1}) RETURNING ${this.selected}`;
    const result = map.managed
      ? await this.query(on, update, [key, expectedVersion ?? null, ...values])
      : await this.query(
          on,
          `WITH changed AS (${update}), ${this.bump('EXISTS (SELECT 1 FROM changed)')} SELECT * FROM changed`,
          [map.collection, key, expectedVersion ?? null, ...values],
        );
    const row = result.rows[0];
    return row ? this.record(row) : undefined;
  }

  /**
   * Deletes the rows a WHERE clause selects (`where` writes it with parameters numbered from the
   * number it is given); in a table the application owns, leaves their tombstones and counts the write.
   */
  private async remove(
    on: Queryable,
    where: (first: number) => { readonly sql: string; readonly parameters: unknown[] },
  ): Promise<number> {
    const { map } = this;
    const gone = (clause: string) =>
      `DELETE FROM ${this.table} WHERE ${clause} RETURNING ${quoted(map.id.column)} AS id`;
    if (map.managed) {
      const clause = where(1);
      return Number(
        (
          await this.query(
            on,
            `WITH gone AS (${gone(clause.sql)}) SELECT count(*)::integer AS n FROM gone`,
            clause.parameters,
          )
        ).rows[0]!.n,
      );
    }
    const clause = where(2);
    const sql = `WITH gone AS (${gone(clause.sql)}), stones AS (INSERT INTO ${this.database.schema}.corral_tombstones (collection, id) SELECT $1, id::text FROM gone ON CONFLICT DO NOTHING), ${this.bump('EXISTS (SELECT 1 FROM gone)')} SELECT count(*)::integer AS n FROM gone`;
    return Number((await this.query(on, sql, [map.collection, ...clause.parameters])).rows[0]!.n);
  }

  async create(data: T, options?: StoreCallOptions): Promise<StoredRecord<T>> {
    return this.guarded(() => this.insert(this.database.on(options), data));
  }

  async replace(id: string, data: T, expectedVersion?: number, options?: StoreCallOptions): Promise<WriteResult<T>> {
    const on = this.database.on(options);
    const key = keyOfId(this.map.id.storage, id);
    const written =
      key === undefined ? undefined : await this.guarded(() => this.overwrite(on, key, data, expectedVersion));
    return written ? { status: 'ok', record: written } : unwritten(await this.lookup(on, id));
  }

  async delete(id: string, expectedVersion?: number, options?: StoreCallOptions): Promise<DeleteResult<T>> {
    const on = this.database.on(options);
    const key = keyOfId(this.map.id.storage, id);
    const where = (first: number) => ({
      sql: `${quoted(this.map.id.column)} = $${first}::${this.idType} AND ($${first + 1}::bigint IS NULL OR ${this.versionSql} = $${first + 1})`,
      parameters: [key, expectedVersion ?? null],
    });
    const deleted = key === undefined ? 0 : await this.guarded(() => this.remove(on, where), true);
    return deleted > 0 ? { status: 'ok' } : unwritten(await this.lookup(on, id));
  }

  async deleteWhere(filter: StoreFilter, options?: StoreCallOptions): Promise<number> {
    if (whereOf(this.map, this.dialect, filter).none) return 0;
    return this.guarded(
      () => this.remove(this.database.on(options), (first) => whereOf(this.map, this.dialect, filter, {}, first)),
      true,
    );
  }

  async revision(options?: StoreCallOptions): Promise<number> {
    return this.currentRevision(this.database.on(options));
  }

  async deleteAll(expectedRevision?: number, options?: StoreCallOptions): Promise<DeleteAllResult> {
    return this.database.atomically(options, (on) =>
      this.guarded(async (): Promise<DeleteAllResult> => {
        // Record rows first, then the counter rows: the order single writes take them in, so the two never deadlock.
        await this.query(on, `SELECT 1 FROM ${this.table} ORDER BY ${quoted(this.map.id.column)} FOR UPDATE`);
        const revision = await this.currentRevision(on, true);
        if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
        const count = await this.remove(on, () => ({ sql: 'true', parameters: [] }));
        // A committed write, even of nothing (the triggers count rows, and there were none).
        if (count === 0) await this.query(on, emptyWriteQuery(this.database.schema), [this.map.collection]);
        return { status: 'ok', count };
      }, true),
    );
  }

  async replaceMany(
    entries: readonly ReplaceEntry<T>[],
    expectedRevision?: number,
    options?: StoreCallOptions,
  ): Promise<ReplaceManyResult<T>> {
    const { map } = this;
    return this.database.atomically(options, (on) =>
      this.guarded(async (): Promise<ReplaceManyResult<T>> => {
        // Record rows first (in id order), then the counter rows: the order single writes take them in.
        const keys = keysOfIds(
          map.id.storage,
          entries.map((entry) => entry.id),
        );
        const locked = await this.query(
          on,
          `SELECT ${this.selected} FROM ${this.table} WHERE ${quoted(map.id.column)} = ANY($1::${this.idType}[]) ORDER BY ${quoted(map.id.column)} FOR UPDATE`,
          [keys],
        );
        const found = new Map(locked.rows.map((row) => [String(row[map.id.column]), this.record(row)]));
        const absent = keys.filter((key) => !found.has(key));
        const gone = absent.length > 0 ? await this.reads(on).tombstones(absent) : new Set<string>();
        const current = new Map<string, Lookup<T>>(
          keys.map((key) => {
            const record = found.get(key);
            return [key, record ? { status: 'found', record } : { status: gone.has(key) ? 'gone' : 'missing' }];
          }),
        );
        const revision = await this.currentRevision(on, true);
        if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
        // Counted versions go up by one per write; a row's xmin cannot be foretold, so a repeated
        // id with an expected version is refused.
        const plan = planReplaceMany(
          entries,
          (id) => keyOfId(map.id.storage, id),
          current,
          (version) => (map.version ? version + 1 : undefined),
        );
        if ('refused' in plan) return plan.refused;
        const records: StoredRecord<T>[] = [];
        for (const step of plan.steps) records.push((await this.overwrite(on, step.key, step.data, undefined))!);
        return { status: 'ok', records };
      }),
    );
  }
}
