/** A record as a store holds it: the server-made id, a version that changes on every write, and the data. */
export interface StoredRecord<T> {
  readonly id: string;
  /** Increases by at least one on every write of this record; used for ETags and If-Match. */
  readonly version: number;
  /** The record's properties without `id`. Read-only: stores hand out frozen snapshots. */
  readonly data: Readonly<T>;
}

export type SortOrder = 'asc' | 'desc';

/** What a list request asks of a store. Values in `filter` are already typed (numbers are numbers). */
export interface ListQuery {
  /** field -> exact value; every entry must match. */
  readonly filter?: Readonly<Record<string, unknown>>;
  /** Case-insensitive substring match; a record matches when any of the fields contains the text. */
  readonly search?: { readonly text: string; readonly fields: readonly string[] };
  /** Without a sort, records come in id (creation) order. Ties are broken by id. */
  readonly sort?: { readonly field: string; readonly order: SortOrder };
  readonly offset: number;
  /** Records wanted; 0 asks for the total only (no records). */
  readonly limit: number;
}

export interface ListResult<T> {
  readonly items: readonly StoredRecord<T>[];
  /** Number of records matching filter and search, over all pages. */
  readonly total: number;
  /** The collection's revision when the page was read (see {@link Store.revision}). */
  readonly revision: number;
}

/** Outcome of a lookup: `gone` when the id existed and was deleted, `missing` when it never existed. */
export type Lookup<T> =
  | { readonly status: 'found'; readonly record: StoredRecord<T> }
  | { readonly status: 'gone' }
  | { readonly status: 'missing' };

/** Outcome of a write that targets an existing id. `conflict` means `expectedVersion` did not match. */
export type WriteResult<T> =
  | { readonly status: 'ok'; readonly record: StoredRecord<T> }
  | { readonly status: 'gone' }
  | { readonly status: 'missing' }
  | { readonly status: 'conflict'; readonly current: StoredRecord<T> };

export type DeleteResult<T> =
  | { readonly status: 'ok' }
  | { readonly status: 'gone' }
  | { readonly status: 'missing' }
  | { readonly status: 'conflict'; readonly current: StoredRecord<T> };

/** One entry of an all-or-nothing bulk replace. */
export interface ReplaceEntry<T> {
  readonly id: string;
  readonly data: T;
  readonly expectedVersion?: number;
}

/** A bulk write refused because the collection changed since the revision the caller read. */
export interface StaleRevision {
  readonly status: 'stale';
  readonly revision: number;
}

export type DeleteAllResult = { readonly status: 'ok'; readonly count: number } | StaleRevision;

export type ReplaceManyResult<T> =
  | { readonly status: 'ok'; readonly records: readonly StoredRecord<T>[] }
  | StaleRevision
  | { readonly status: 'gone' | 'missing'; readonly id: string }
  | { readonly status: 'conflict'; readonly id: string; readonly current: StoredRecord<T> };

/** Fields a store should index, declared by the collection so that stores can prepare at startup. */
export interface StoreIndexHints {
  readonly sortable: readonly string[];
  readonly filterable: readonly string[];
}

/**
 * Where a collection keeps its records. Methods are async so that database-backed stores fit the
 * same shape. Every write that takes `expectedVersion` must check it and write in one atomic step.
 * Deleted ids are remembered (tombstones) and never handed out again.
 */
export interface Store<T> {
  /** Called once by the collection before first use, with the fields it sorts and filters by. */
  init?(hints: StoreIndexHints): void;
  list(query: ListQuery): Promise<ListResult<T>>;
  get(id: string): Promise<Lookup<T>>;
  create(data: T): Promise<StoredRecord<T>>;
  replace(id: string, data: T, expectedVersion?: number): Promise<WriteResult<T>>;
  delete(id: string, expectedVersion?: number): Promise<DeleteResult<T>>;
  /**
   * A number that changes on every successful write to the collection (create, replace, delete...).
   * Deterministic: the same sequence of writes gives the same revision in any process.
   */
  revision(): Promise<number>;
  /** Deletes every record (all become tombstones) unless the revision is not `expectedRevision`. */
  deleteAll(expectedRevision?: number): Promise<DeleteAllResult>;
  /**
   * Replaces all entries or none: the first failing entry is reported and nothing is written.
   * With `expectedRevision`, nothing is written either when the collection changed since then.
   */
  replaceMany(entries: readonly ReplaceEntry<T>[], expectedRevision?: number): Promise<ReplaceManyResult<T>>;
}
