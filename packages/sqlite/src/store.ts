import { CorralError } from '@corral/core';
import type {
  DeleteAllResult, DeleteResult, ListQuery, ListResult, Lookup, ReplaceEntry, ReplaceManyResult, Store, StoreCallOptions, StoredRecord, StoreFilter, StoreInit, WriteResult,
} from '@corral/core';
import type { SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase } from './database.js';
import { identifier, rowOf, searchColumn } from './names.js';
import { prepareTable, searchValues } from './schema.js';
import { orderOf, whereOf, type Where } from './where.js';

/** Settings of one store of a {@link SqliteDatabase}. */
export interface SqliteStoreOptions<T> {
  /** Records for a table that has never held one (not even a deleted one): demo or seed data. */
  readonly seed?: readonly T[];
}

type Row = { seq: number; version: number; deleted: number; data: string | null };

/** One collection's records in one table: JSON data, a version, and a deleted flag that keeps the id as a tombstone. */
export class SqliteStore<T extends object> implements Store<T> {
  private info: StoreInit | undefined;

  constructor(
    /** The database whose transactions this store takes part in. */
    readonly database: SqliteDatabase,
    private readonly options: SqliteStoreOptions<T>,
  ) {}

  private get declared(): StoreInit {
    if (!this.info) throw new CorralError('CORRAL_STORE_NOT_INITIALIZED', '@corral/sqlite: a store is used before init(); give it to a collection of an API');
    return this.info;
  }

  /** The quoted table name, made once at init rather than per statement. */
  private tableName: string | undefined;

  private get table(): string {
    return (this.tableName ??= identifier(this.declared.collection));
  }

  private statement(sql: string) {
    return this.database.statement(sql);
  }

  async init(init: StoreInit): Promise<void> {
    this.info = init;
    this.tableName = identifier(init.collection);
    await this.database.write(undefined, () => {
      prepareTable(this.database.connection, init);
      const rows = Number(this.statement(`SELECT count(*) AS n FROM ${this.table}`).get()!.n);
      if (rows === 0) for (const data of this.options.seed ?? []) this.insert(data);
    });
  }

  async ping(): Promise<void> {
    this.database.ping();
  }

  async close(): Promise<void> {
    await this.database.close();
  }

  private record(row: Row): StoredRecord<T> {
    return { id: String(row.seq), version: Number(row.version), data: JSON.parse(row.data!) as T };
  }

  private row(id: string): Row | undefined {
    const seq = rowOf(id);
    return seq === undefined ? undefined : (this.statement(`SELECT seq, version, deleted, data FROM ${this.table} WHERE seq = ?`).get(seq) as Row | undefined);
  }

  private lookup(id: string): Lookup<T> {
    const row = this.row(id);
    if (!row) return { status: 'missing' };
    return row.deleted ? { status: 'gone' } : { status: 'found', record: this.record(row) };
  }

  /** Counts one committed write of the collection, and moves its count of live records by `live`. */
  private bump(live = 0): void {
    this.statement('UPDATE corral_revisions SET revision = revision + 1, live = live + ? WHERE collection = ?').run(live, this.declared.collection);
  }

  private liveCount(): number {
    return Number(this.statement('SELECT live FROM corral_revisions WHERE collection = ?').get(this.declared.collection)!.live);
  }

  /**
   * The number of matches: from the kept count when every live record matches; exact otherwise,
   * or, when `estimateAbove` is given and more match, an estimate from the filter index's
   * statistics (kept by ANALYZE) when there are some, so that no large count is made per page.
   */
  private total(where: Where, query: ListQuery): { total: number; estimated: boolean } {
    if (where.all) return { total: this.liveCount(), estimated: false };
    const cap = query.count?.estimateAbove;
    if (cap !== undefined) {
      const capped = Number(this.statement(`SELECT count(*) AS n FROM (SELECT 1 FROM ${this.table} WHERE ${where.sql} LIMIT ${cap + 1})`).get(...where.parameters)!.n);
      if (capped <= cap) return { total: capped, estimated: false };
      const estimate = this.statisticsEstimate(query);
      if (estimate !== undefined) return { total: Math.max(capped, estimate), estimated: true };
    }
    return { total: Number(this.statement(`SELECT count(*) AS n FROM ${this.table} WHERE ${where.sql}`).get(...where.parameters)!.n), estimated: false };
  }

  /** Rows per value of a single filtered field, as ANALYZE measured them for its index; undefined without statistics. */
  private statisticsEstimate(query: ListQuery): number | undefined {
    const fields = Object.keys(query.filter ?? {});
    if (fields.length !== 1 || query.search) return undefined;
    const hasStats = this.statement(`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'`).get();
    if (!hasStats) return undefined;
    const row = this.statement('SELECT stat FROM sqlite_stat1 WHERE tbl = ? AND idx = ?').get(this.declared.collection, `${this.declared.collection}_by_${fields[0]}`);
    const perValue = row ? Number(String(row.stat).split(' ')[1]) : NaN;
    return Number.isFinite(perValue) ? perValue : undefined;
  }

  private currentRevision(): number {
    return Number(this.statement('SELECT revision FROM corral_revisions WHERE collection = ?').get(this.declared.collection)!.revision);
  }

  private insert(data: T): StoredRecord<T> {
    const text = JSON.stringify(data);
    const columns = this.declared.searchable.map((f) => `, ${searchColumn(f)}`).join('');
    const marks = this.declared.searchable.map(() => ', ?').join('');
    const { seq } = this.statement(`INSERT INTO ${this.table} (version, data${columns}) VALUES (1, ?${marks}) RETURNING seq`).get(text, ...searchValues(this.declared, data as Record<string, unknown>))!;
    this.bump(1);
    return { id: String(seq), version: 1, data: JSON.parse(text) as T };
  }

  private overwrite(seq: number, data: T): StoredRecord<T> {
    const text = JSON.stringify(data);
    const columns = this.declared.searchable.map((f) => `, ${searchColumn(f)} = ?`).join('');
    const { version } = this.statement(`UPDATE ${this.table} SET version = version + 1, data = ?${columns} WHERE seq = ? RETURNING version`).get(text, ...searchValues(this.declared, data as Record<string, unknown>), seq)!;
    this.bump();
    return { id: String(seq), version: Number(version), data: JSON.parse(text) as T };
  }

  /** Tombstones the live records the WHERE clause selects; returns how many. */
  private tombstone(where: string, parameters: SQLInputValue[]): number {
    const cleared = this.declared.searchable.map((f) => `, ${searchColumn(f)} = NULL`).join('');
    const { changes } = this.statement(`UPDATE ${this.table} SET deleted = 1, data = NULL, version = version + 1${cleared} WHERE ${where}`).run(...parameters);
    if (Number(changes) > 0) this.bump(-Number(changes));
    return Number(changes);
  }

  async list(query: ListQuery, options?: StoreCallOptions): Promise<ListResult<T>> {
    this.database.check(options);
    const where = whereOf(query.filter ?? {}, query.search, this.declared.searchable);
    const counted = this.total(where, query);
    const limit = Math.max(0, Math.floor(query.limit) || 0);
    const offset = Math.max(0, Math.floor(query.offset) || 0);
    const rows = limit === 0 || offset >= counted.total ? [] : (this.statement(`SELECT seq, version, deleted, data FROM ${this.table} WHERE ${where.sql} ORDER BY ${orderOf(query.sort)} LIMIT ? OFFSET ?`).all(...where.parameters, limit, offset) as Row[]);
    return { items: rows.map((row) => this.record(row)), total: counted.total, ...(counted.estimated ? { totalEstimated: true } : {}), revision: this.currentRevision() };
  }

  async count(filter: StoreFilter, options?: StoreCallOptions): Promise<number> {
    this.database.check(options);
    if (Object.keys(filter).length === 0) return this.liveCount();
    const where = whereOf(filter, undefined, this.declared.searchable);
    return Number(this.statement(`SELECT count(*) AS n FROM ${this.table} WHERE ${where.sql}`).get(...where.parameters)!.n);
  }

  async get(id: string, options?: StoreCallOptions): Promise<Lookup<T>> {
    this.database.check(options);
    return this.lookup(id);
  }

  async getMany(ids: readonly string[], options?: StoreCallOptions): Promise<Lookup<T>[]> {
    this.database.check(options);
    return ids.map((id) => this.lookup(id));
  }

  async create(data: T, options?: StoreCallOptions): Promise<StoredRecord<T>> {
    return this.database.write(options, () => this.insert(data));
  }

  async replace(id: string, data: T, expectedVersion?: number, options?: StoreCallOptions): Promise<WriteResult<T>> {
    return this.database.write(options, (): WriteResult<T> => {
      const row = this.row(id);
      if (!row) return { status: 'missing' };
      if (row.deleted) return { status: 'gone' };
      if (expectedVersion !== undefined && expectedVersion !== Number(row.version)) return { status: 'conflict', current: this.record(row) };
      return { status: 'ok', record: this.overwrite(Number(row.seq), data) };
    });
  }

  async delete(id: string, expectedVersion?: number, options?: StoreCallOptions): Promise<DeleteResult<T>> {
    return this.database.write(options, (): DeleteResult<T> => {
      const row = this.row(id);
      if (!row) return { status: 'missing' };
      if (row.deleted) return { status: 'gone' };
      if (expectedVersion !== undefined && expectedVersion !== Number(row.version)) return { status: 'conflict', current: this.record(row) };
      this.tombstone('seq = ?', [Number(row.seq)]);
      return { status: 'ok' };
    });
  }

  async deleteWhere(filter: StoreFilter, options?: StoreCallOptions): Promise<number> {
    return this.database.write(options, () => {
      const where = whereOf(filter, undefined, this.declared.searchable);
      return this.tombstone(where.sql, where.parameters);
    });
  }

  async revision(options?: StoreCallOptions): Promise<number> {
    this.database.check(options);
    return this.currentRevision();
  }

  async deleteAll(expectedRevision?: number, options?: StoreCallOptions): Promise<DeleteAllResult> {
    return this.database.write(options, (): DeleteAllResult => {
      const revision = this.currentRevision();
      if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
      const count = this.tombstone('deleted = 0', []);
      if (count === 0) this.bump(); // a committed write, even of nothing
      return { status: 'ok', count };
    });
  }

  async replaceMany(entries: readonly ReplaceEntry<T>[], expectedRevision?: number, options?: StoreCallOptions): Promise<ReplaceManyResult<T>> {
    return this.database.write(options, (): ReplaceManyResult<T> => {
      const revision = this.currentRevision();
      if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
      // Every entry is checked before anything is written; an id listed twice counts its earlier entry's version bump.
      const versions = new Map<number, number>();
      const steps: { seq: number; data: T }[] = [];
      for (const entry of entries) {
        const row = this.row(entry.id);
        if (!row) return { status: 'missing', id: entry.id };
        if (row.deleted) return { status: 'gone', id: entry.id };
        const seq = Number(row.seq);
        const version = versions.get(seq) ?? Number(row.version);
        if (entry.expectedVersion !== undefined && entry.expectedVersion !== version) return { status: 'conflict', id: entry.id, current: this.record(row) };
        versions.set(seq, version + 1);
        steps.push({ seq, data: entry.data });
      }
      return { status: 'ok', records: steps.map((step) => this.overwrite(step.seq, step.data)) };
    });
  }
}
