import { CorralError } from '@corral/core';
import type {
  DeleteAllResult, DeleteResult, ListQuery, ListResult, Lookup, ReplaceEntry, ReplaceManyResult, Store, StoreCallOptions, StoredRecord, StoreFilter, StoreInit, WriteResult,
} from '@corral/core';
import type { PostgresDatabase, Queryable } from './database.js';
import { identifier, rowOf, searchColumn } from './names.js';
import { prepareTable, searchValues } from './schema.js';
import { orderOf, whereOf, type Where } from './where.js';

/** Settings of one store of a {@link PostgresDatabase}. */
export interface PostgresStoreOptions<T> {
  /** Records for a table that has never held one (not even a deleted one): demo or seed data. */
  readonly seed?: readonly T[];
}

interface Row {
  seq: string;
  version: number;
  deleted: boolean;
  data: unknown;
}

/**
 * One collection's records in one table: JSONB data, a version, and a deleted flag that keeps
 * the id as a tombstone. Every write bumps the collection's row in `corral_revisions` in the
 * same statement, so the revision and the records never disagree.
 */
export class PostgresStore<T extends object> implements Store<T> {
  private info: StoreInit | undefined;

  constructor(
    /** The database whose transactions this store takes part in. */
    readonly database: PostgresDatabase,
    private readonly options: PostgresStoreOptions<T>,
  ) {}

  private get declared(): StoreInit {
    if (!this.info) throw new CorralError('CORRAL_STORE_NOT_INITIALIZED', '@corral/postgres: a store is used before init(); give it to a collection of an API');
    return this.info;
  }

  /** The schema-qualified table name, made once at init rather than per statement. */
  private tableName: string | undefined;

  private get table(): string {
    return (this.tableName ??= `${this.database.schema}.${identifier(this.declared.collection)}`);
  }

  /**
   * The statement fragment that counts one committed write of this collection (`$1` is the
   * collection name) and moves its count of live records by `live`, in the same statement.
   */
  private bump(live = '0'): string {
    return `bump AS (UPDATE ${this.database.schema}.corral_revisions SET revision = revision + 1, live = live + ${live} WHERE collection = $1`;
  }

  async init(init: StoreInit): Promise<void> {
    this.info = init;
    this.tableName = `${this.database.schema}.${identifier(init.collection)}`;
    await this.database.atomically(undefined, async (on) => {
      const empty = await prepareTable(this.database, on, init);
      if (empty) for (const data of this.options.seed ?? []) await this.insert(on, data);
    });
  }

  async ping(): Promise<void> {
    await this.database.ping();
  }

  async close(): Promise<void> {
    await this.database.close();
  }

  private record(row: Row): StoredRecord<T> {
    return { id: String(row.seq), version: Number(row.version), data: row.data as T };
  }

  private async row(on: Queryable, id: string, lock = false): Promise<Row | undefined> {
    const seq = rowOf(id);
    if (seq === undefined) return undefined;
    const result = await this.database.query<Row>(on, `SELECT seq, version, deleted, data FROM ${this.table} WHERE seq = $1${lock ? ' FOR UPDATE' : ''}`, [seq]);
    return result.rows[0];
  }

  private lookupOf(row: Row | undefined): Lookup<T> {
    if (!row) return { status: 'missing' };
    return row.deleted ? { status: 'gone' } : { status: 'found', record: this.record(row) };
  }

  private async insert(on: Queryable, data: T): Promise<StoredRecord<T>> {
    const { searchable } = this.declared;
    const columns = searchable.map((f) => `, ${searchColumn(f)}`).join('');
    const marks = searchable.map((_f, i) => `, $${i + 3}`).join('');
    const result = await this.database.query<Row>(on,
      `WITH inserted AS (INSERT INTO ${this.table} (version, data${columns}) VALUES (1, $2${marks}) RETURNING seq, version, deleted, data), ${this.bump('1')}) SELECT * FROM inserted`,
      [this.declared.collection, JSON.stringify(data), ...searchValues(this.declared, data as Record<string, unknown>)]);
    return this.record(result.rows[0]!);
  }

  /** Writes new data if the record is live and (when given) still at `expectedVersion`; undefined when it did not. */
  private async overwrite(on: Queryable, seq: string, data: T, expectedVersion: number | undefined): Promise<StoredRecord<T> | undefined> {
    const { searchable } = this.declared;
    const columns = searchable.map((f, i) => `, ${searchColumn(f)} = $${i + 5}`).join('');
    // The version test is on the row being updated: after waiting for another writer's lock, PostgreSQL checks it again on the new row.
    const result = await this.database.query<Row>(on,
      `WITH changed AS (UPDATE ${this.table} SET version = version + 1, data = $3${columns} WHERE seq = $2 AND NOT deleted AND ($4::integer IS NULL OR version = $4) RETURNING seq, version, deleted, data), ${this.bump()} AND EXISTS (SELECT 1 FROM changed)) SELECT * FROM changed`,
      [this.declared.collection, seq, JSON.stringify(data), expectedVersion ?? null, ...searchValues(this.declared, data as Record<string, unknown>)]);
    const row = result.rows[0];
    return row ? this.record(row) : undefined;
  }

  /** Tombstones the live records the WHERE clause selects (its parameters from `$2`); returns how many. */
  private async tombstone(on: Queryable, where: string, parameters: unknown[]): Promise<number> {
    const cleared = this.declared.searchable.map((f) => `, ${searchColumn(f)} = NULL`).join('');
    const result = await this.database.query(on,
      `WITH changed AS (UPDATE ${this.table} SET deleted = true, data = NULL, version = version + 1${cleared} WHERE ${where} RETURNING 1), ${this.bump('-(SELECT count(*) FROM changed)')} AND EXISTS (SELECT 1 FROM changed)) SELECT count(*)::integer AS n FROM changed`,
      [this.declared.collection, ...parameters]);
    return Number(result.rows[0]!.n);
  }

  private async currentRevision(on: Queryable, lock = false): Promise<number> {
    const result = await this.database.query(on, `SELECT revision FROM ${this.database.schema}.corral_revisions WHERE collection = $1${lock ? ' FOR UPDATE' : ''}`, [this.declared.collection]);
    return Number(result.rows[0]!.revision);
  }

  async list(query: ListQuery, options?: StoreCallOptions): Promise<ListResult<T>> {
    const on = this.database.on(options);
    const where = whereOf(this.declared, query.filter ?? {}, query.search);
    const limit = Math.max(0, Math.floor(query.limit) || 0);
    const offset = Math.max(0, Math.floor(query.offset) || 0);
    // The revision first: a write landing meanwhile then makes the page's tag older than its rows,
    // never newer, so a bulk If-Match built from it cannot cover a record the client never saw.
    const revision = await this.currentRevision(on);
    const counted = await this.total(on, where, query.count?.estimateAbove);
    const rows = limit === 0 || offset >= counted.total ? [] : (await this.database.query<Row>(on,
      `SELECT seq, version, deleted, data FROM ${this.table} WHERE ${where.sql} ORDER BY ${orderOf(this.declared, query.sort)} LIMIT $${where.parameters.length + 1} OFFSET $${where.parameters.length + 2}`,
      [...where.parameters, limit, offset])).rows;
    return { items: rows.map((row) => this.record(row)), total: counted.total, ...(counted.estimated ? { totalEstimated: true } : {}), revision };
  }

  /**
   * The number of matches: exact, or, when `estimateAbove` is given and more match, the planner's
   * estimate (an exact count of a large filtered table is the dearest part of a page).
   */
  private async total(on: Queryable, { all, sql: where, parameters }: Where, estimateAbove: number | undefined): Promise<{ total: number; estimated: boolean }> {
    // Every live record: the count kept beside the revision answers exactly, without counting.
    if (all) return { total: await this.liveCount(on), estimated: false };
    if (estimateAbove === undefined) {
      const exact = await this.database.query(on, `SELECT count(*)::bigint AS n FROM ${this.table} WHERE ${where}`, parameters);
      return { total: Number(exact.rows[0]!.n), estimated: false };
    }
    const capped = await this.database.query(on, `SELECT count(*)::bigint AS n FROM (SELECT 1 FROM ${this.table} WHERE ${where} LIMIT ${estimateAbove + 1}) AS capped`, parameters);
    const n = Number(capped.rows[0]!.n);
    if (n <= estimateAbove) return { total: n, estimated: false };
    const plan = await on.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${this.table} WHERE ${where}`, parameters);
    const rows = Number((plan.rows[0] as { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] })['QUERY PLAN'][0].Plan['Plan Rows']);
    return { total: Math.max(n, Math.round(rows)), estimated: true };
  }

  /** The number of live records, from the row each write keeps up to date. */
  private async liveCount(on: Queryable): Promise<number> {
    const result = await this.database.query(on, `SELECT live FROM ${this.database.schema}.corral_revisions WHERE collection = $1`, [this.declared.collection]);
    return Number(result.rows[0]!.live);
  }

  async count(filter: StoreFilter, options?: StoreCallOptions): Promise<number> {
    if (Object.keys(filter).length === 0) return this.liveCount(this.database.on(options));
    const where = whereOf(this.declared, filter, undefined);
    const result = await this.database.query(this.database.on(options), `SELECT count(*)::bigint AS n FROM ${this.table} WHERE ${where.sql}`, where.parameters);
    return Number(result.rows[0]!.n);
  }

  async get(id: string, options?: StoreCallOptions): Promise<Lookup<T>> {
    return this.lookupOf(await this.row(this.database.on(options), id));
  }

  async getMany(ids: readonly string[], options?: StoreCallOptions): Promise<Lookup<T>[]> {
    const seqs = [...new Set(ids.map(rowOf).filter((seq): seq is string => seq !== undefined))];
    const result = seqs.length === 0 ? { rows: [] as Row[] } : await this.database.query<Row>(this.database.on(options), `SELECT seq, version, deleted, data FROM ${this.table} WHERE seq = ANY($1::bigint[])`, [seqs]);
    const bySeq = new Map(result.rows.map((row) => [String(row.seq), row]));
    return ids.map((id) => this.lookupOf(bySeq.get(id)));
  }

  async create(data: T, options?: StoreCallOptions): Promise<StoredRecord<T>> {
    return this.insert(this.database.on(options), data);
  }

  async replace(id: string, data: T, expectedVersion?: number, options?: StoreCallOptions): Promise<WriteResult<T>> {
    const on = this.database.on(options);
    const seq = rowOf(id);
    const written = seq === undefined ? undefined : await this.overwrite(on, seq, data, expectedVersion);
    if (written) return { status: 'ok', record: written };
    // Nothing was written: say why, from the row as it now stands.
    const lookup = this.lookupOf(await this.row(on, id));
    return lookup.status === 'found' ? { status: 'conflict', current: lookup.record } : lookup;
  }

  async delete(id: string, expectedVersion?: number, options?: StoreCallOptions): Promise<DeleteResult<T>> {
    const on = this.database.on(options);
    const seq = rowOf(id);
    const deleted = seq === undefined ? 0 : await this.tombstone(on, `seq = $2 AND NOT deleted AND ($3::integer IS NULL OR version = $3)`, [seq, expectedVersion ?? null]);
    if (deleted > 0) return { status: 'ok' };
    const lookup = this.lookupOf(await this.row(on, id));
    return lookup.status === 'found' ? { status: 'conflict', current: lookup.record } : lookup;
  }

  async deleteWhere(filter: StoreFilter, options?: StoreCallOptions): Promise<number> {
    const where = whereOf(this.declared, filter, undefined, 2);
    return this.tombstone(this.database.on(options), where.sql, where.parameters);
  }

  async revision(options?: StoreCallOptions): Promise<number> {
    return this.currentRevision(this.database.on(options));
  }

  async deleteAll(expectedRevision?: number, options?: StoreCallOptions): Promise<DeleteAllResult> {
    return this.database.atomically(options, async (on): Promise<DeleteAllResult> => {
      // Record rows first, then the revision row: the order single writes take them in, so the two never deadlock.
      await this.database.query(on, `SELECT seq FROM ${this.table} WHERE NOT deleted ORDER BY seq FOR UPDATE`);
      const revision = await this.currentRevision(on, true);
      if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
      const count = await this.tombstone(on, 'NOT deleted', []);
      if (count === 0) await this.database.query(on, `UPDATE ${this.database.schema}.corral_revisions SET revision = revision + 1 WHERE collection = $1`, [this.declared.collection]);
      return { status: 'ok', count };
    });
  }

  async replaceMany(entries: readonly ReplaceEntry<T>[], expectedRevision?: number, options?: StoreCallOptions): Promise<ReplaceManyResult<T>> {
    return this.database.atomically(options, async (on): Promise<ReplaceManyResult<T>> => {
      // Record rows first (in id order), then the revision row: the order single writes take them in.
      const seqs = [...new Set(entries.map((entry) => rowOf(entry.id)).filter((seq): seq is string => seq !== undefined))];
      const locked = await this.database.query<Row>(on, `SELECT seq, version, deleted, data FROM ${this.table} WHERE seq = ANY($1::bigint[]) ORDER BY seq FOR UPDATE`, [seqs]);
      const rows = new Map(locked.rows.map((row) => [String(row.seq), row]));
      const revision = await this.currentRevision(on, true);
      if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
      // Every entry is checked before anything is written; an id listed twice counts its earlier entry's bump.
      const versions = new Map<string, number>();
      const steps: { seq: string; data: T }[] = [];
      for (const entry of entries) {
        const row = rows.get(entry.id);
        if (!row) return { status: 'missing', id: entry.id };
        if (row.deleted) return { status: 'gone', id: entry.id };
        const seq = String(row.seq);
        const version = versions.get(seq) ?? Number(row.version);
        if (entry.expectedVersion !== undefined && entry.expectedVersion !== version) return { status: 'conflict', id: entry.id, current: this.record(row) };
        versions.set(seq, version + 1);
        steps.push({ seq, data: entry.data });
      }
      const records: StoredRecord<T>[] = [];
      for (const step of steps) records.push((await this.overwrite(on, step.seq, step.data, undefined))!);
      return { status: 'ok', records };
    });
  }
}
