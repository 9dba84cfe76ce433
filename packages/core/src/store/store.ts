import type { ChangeLog } from './change-log.js';
import type { RequestState } from '../vocabulary/context.js';
import type { Principal } from '../auth/principal.js';

/** A record as a store holds it: the server-made id, a version that changes on every write, and the data. */
export interface StoredRecord<T> {
  /** Assigned by the store on create; never reused, even after a delete. */
  readonly id: string;
  /**
   * Changes on every write of this record; used for ETags and If-Match. Stores that count writes
   * start at 1 and add at least one per write; a store over a table it does not own may take the
   * number from the database instead (a row version or a digest of the row), which only changes.
   */
  readonly version: number;
  /** The record's properties without `id`. Read-only: stores hand out frozen snapshots. */
  readonly data: Readonly<T>;
}

/** Direction of a sort: ascending or descending. */
export type SortOrder = 'asc' | 'desc';

/** A comparison a list may ask for besides equality; see {@link FieldCondition}. */
export type ComparisonOperator = 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in';

/**
 * One comparison of a field with a value, typed like the field. `gt`, `gte`, `lt` and `lte` order
 * as a sort does (numbers by value, text by code point) and never match a record without a value;
 * `ne` matches every record whose value is not the given one, a missing value included; `in`
 * takes an array and matches a record whose value is one of its items.
 */
export interface FieldCondition {
  /** The field compared. */
  readonly field: string;
  /** How it is compared. */
  readonly operator: ComparisonOperator;
  /** The value compared with; an array for `in`. */
  readonly value: unknown;
}

/** A place in a sorted list: the sort field's value there (null for a record without one) and the record's id. */
export interface ListPosition {
  /** The sort field's value at the place; null when there is no sort or the record has no value. */
  readonly key: string | number | boolean | null;
  /** The id of the record at the place. */
  readonly id: string;
}

/**
 * Where a page starts when it is found from a place rather than an offset (cursor paging): the
 * records right after the place, or right before it, in the list's order.
 */
export interface ListSeek {
  /** `after`: the page follows the place; `before`: the page ends just before it (still in list order). */
  readonly from: 'after' | 'before';
  /** The place. */
  readonly position: ListPosition;
}

/** List features a store carries out; see {@link Store.listFeatures}. */
export interface ListFeatures {
  /** `ListQuery.conditions`: comparisons other than equality. */
  readonly conditions?: boolean;
  /** `ListQuery.seek`: pages that start at a place (cursor paging). */
  readonly seek?: boolean;
}

/** What a list request asks of a store. Values in `filter` are already typed (numbers are numbers). */
export interface ListQuery {
  /** field -> exact value; every entry must match. */
  readonly filter?: Readonly<Record<string, unknown>>;
  /** Comparisons every matching record passes as well, besides `filter`. */
  readonly conditions?: readonly FieldCondition[];
  /** Case-insensitive substring match; a record matches when any of the fields contains the text. */
  readonly search?: {
    /** Text to look for, as the client typed it. */
    readonly text: string;
    /** Fields to look in; the collection's `searchable` ones. */
    readonly fields: readonly string[];
  };
  /** Without a sort, records come in id (creation) order. Ties are broken by id. */
  readonly sort?: {
    /** Field to order by, one the collection declared sortable. */
    readonly field: string;
    /** Direction of the sort. */
    readonly order: SortOrder;
  };
  /** Matching records to skip before the page starts (0 when `seek` is given). */
  readonly offset: number;
  /**
   * Start the page at a place instead of an offset: the `limit` matches after it or before it, in
   * the list's order (sort, then id). The total still counts every match.
   */
  readonly seek?: ListSeek;
  /** Records wanted; 0 asks for the total only (no records). */
  readonly limit: number;
  /**
   * The fields the caller will use: a store may leave the others out of each record's data (and
   * read fewer columns). Without it, records are whole. The id and version are always given.
   */
  readonly fields?: readonly string[];
  /**
   * When given, the total may be an estimate if the matches are more than `estimateAbove`; the
   * store then says so in {@link ListResult.totalEstimated}. Without it, the total is exact.
   */
  readonly count?: {
    /** Totals above this may be estimated. */
    readonly estimateAbove: number;
  };
}

/** One page of a list, with what the caller needs to build paging links and a bulk precondition. */
export interface ListResult<T> {
  /** Records of the page, in the requested order. */
  readonly items: readonly StoredRecord<T>[];
  /** Number of records matching filter and search, over all pages. */
  readonly total: number;
  /** True when `total` is an estimate (allowed only when the query asked for `count`). */
  readonly totalEstimated?: boolean;
  /** The collection's revision when the page was read (see {@link Store.revision}). */
  readonly revision: number;
}

/**
 * Pages of several groups of records in one call: for each key, the first records (in id order)
 * whose `field` holds it, with how many do. Core asks this for the children of a page of parents
 * (an expansion), so that a page costs one store call rather than one per parent.
 */
export interface GroupQuery {
  /** The field the groups are told apart by: a child collection's parent field. */
  readonly field: string;
  /** The keys, typed like the field; one group per key, in this order. */
  readonly keys: readonly unknown[];
  /** Exact values every record of every group must hold as well (a caller's list restriction). */
  readonly filter?: StoreFilter;
  /** Records wanted per group, at most; the group's total counts them all. */
  readonly limit: number;
  /** The fields the caller will use (see {@link ListQuery.fields}). */
  readonly fields?: readonly string[];
}

/** One group of {@link GroupQuery}: its key, its first records in id order, and how many it holds. */
export interface GroupPage<T> {
  /** The key, as asked. */
  readonly key: unknown;
  /** The group's first records, in id order. */
  readonly items: readonly StoredRecord<T>[];
  /** The number of records in the group. */
  readonly total: number;
}

/** Outcome of a lookup: `gone` when the id existed and was deleted, `missing` when it never existed. */
export type Lookup<T> =
  | {
      /** The id is live. */
      readonly status: 'found';
      /** The record as currently stored. */
      readonly record: StoredRecord<T>;
    }
  | {
      /** The id was deleted; answer 410. */
      readonly status: 'gone';
    }
  | {
      /** The id was never handed out; answer 404. */
      readonly status: 'missing';
    };

/** Outcome of a write that targets an existing id. `conflict` means `expectedVersion` did not match. */
export type WriteResult<T> =
  | {
      /** The write happened. */
      readonly status: 'ok';
      /** The record as stored after the write, with its new version. */
      readonly record: StoredRecord<T>;
    }
  | {
      /** The id was deleted; nothing was written. */
      readonly status: 'gone';
    }
  | {
      /** The id never existed; nothing was written. */
      readonly status: 'missing';
    }
  | {
      /** `expectedVersion` did not match, since the record changed; nothing was written. */
      readonly status: 'conflict';
      /** The record as it now stands, so the caller can report its ETag. */
      readonly current: StoredRecord<T>;
    };

/** Outcome of deleting one record; the same cases as {@link WriteResult}, with nothing to return on success. */
export type DeleteResult<T> =
  | {
      /** The record is now a tombstone. */
      readonly status: 'ok';
    }
  | {
      /** The record was already deleted. */
      readonly status: 'gone';
    }
  | {
      /** The id never existed. */
      readonly status: 'missing';
    }
  | {
      /** `expectedVersion` did not match; nothing was deleted. */
      readonly status: 'conflict';
      /** The record as it now stands. */
      readonly current: StoredRecord<T>;
    };

/** One entry of an all-or-nothing bulk replace. */
export interface ReplaceEntry<T> {
  /** Id of an existing record to overwrite. */
  readonly id: string;
  /** Complete new data for the record. */
  readonly data: T;
  /** Version the caller read; when it no longer matches, the whole batch is refused. */
  readonly expectedVersion?: number;
}

/** A bulk write refused because the collection changed since the revision the caller read. */
export interface StaleRevision {
  /** Marks the refusal; nothing was written. */
  readonly status: 'stale';
  /** The collection's current revision, so the caller can report it. */
  readonly revision: number;
}

/** Outcome of {@link Store.deleteAll}: how many records went, or a stale revision. */
export type DeleteAllResult =
  | {
      /** Every live record was deleted. */
      readonly status: 'ok';
      /** Number of records that were live and are now tombstones. */
      readonly count: number;
    }
  | StaleRevision;

/** Outcome of {@link Store.replaceMany}: all written, or the reason nothing was. */
export type ReplaceManyResult<T> =
  | {
      /** Every entry was written. */
      readonly status: 'ok';
      /** The records as stored, in the order of the entries. */
      readonly records: readonly StoredRecord<T>[];
    }
  | StaleRevision
  | {
      /** An entry names a deleted or unknown id. */
      readonly status: 'gone' | 'missing';
      /** Id of the first entry that failed. */
      readonly id: string;
    }
  | {
      /** An entry's `expectedVersion` did not match. */
      readonly status: 'conflict';
      /** Id of that entry. */
      readonly id: string;
      /** The record as it now stands. */
      readonly current: StoredRecord<T>;
    };

/** What a stored field holds, so that a database store can choose a column type. */
export type StoredFieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

/** What a collection tells its store once, before the first call: enough to create tables and indexes. */
export interface StoreInit {
  /** The collection's name, e.g. `zoos`: a database store names its table after it. */
  readonly collection: string;
  /** Every field of the record (without `id`) and what it holds. */
  readonly fields: Readonly<Record<string, StoredFieldKind>>;
  /** Fields lists may be filtered on by exact value (the parent field included). */
  readonly filterable: readonly string[];
  /** Fields lists may be sorted by. */
  readonly sortable: readonly string[];
  /** Fields lists may compare by range (`gt`, `gte`, `lt`, `lte`): an index in sort order serves them. */
  readonly ranged?: readonly string[];
  /** Fields a search looks in. */
  readonly searchable: readonly string[];
  /** The field naming the parent record, when the collection is nested below another. */
  readonly parentField?: string;
  /** Fields every record holds a value other than null for: a database column can be NOT NULL. */
  readonly required: readonly string[];
  /** Fields that accept null as a value: a NULL column then reads back as null rather than as an absent field. */
  readonly nullable: readonly string[];
  /** The values each enum field accepts, so that a database can check them. */
  readonly enums: Readonly<Record<string, readonly string[]>>;
  /** The parent relation of a nested collection, so that a database store can hold it as a foreign key. */
  readonly parent?: StoreParent;
  /**
   * Fields holding the id of a record (the parent key, each to-one relation's field): a database
   * store may keep these, and only these, of the string fields in an integer or UUID column.
   * Without it, the parent field alone.
   */
  readonly idFields?: readonly string[];
  /**
   * The limits the schema puts on each string and number field (lengths, bounds, an integer
   * step), so that a database can check them too; fields without limits are left out.
   */
  readonly limits?: Readonly<Record<string, FieldLimits>>;
  /**
   * Keys no two records may share, each a list of fields (one field, or several unique together);
   * a store answers a write that would share one with `valueTaken` (409) naming the fields.
   */
  readonly unique?: readonly (readonly string[])[];
}

/**
 * Limits of a field, named as JSON Schema names them (the published document states the same).
 * Lengths count UTF-16 code units, as JavaScript and zod do.
 */
export interface FieldLimits {
  /** Shortest text allowed. */
  readonly minLength?: number;
  /** Longest text allowed. */
  readonly maxLength?: number;
  /** Smallest number allowed. */
  readonly minimum?: number;
  /** Largest number allowed. */
  readonly maximum?: number;
  /** Numbers must be greater than this. */
  readonly exclusiveMinimum?: number;
  /** Numbers must be less than this. */
  readonly exclusiveMaximum?: number;
  /** Numbers must be a multiple of this. */
  readonly multipleOf?: number;
}

/** A nested collection's relation to its parent, as {@link StoreInit} tells it. */
export interface StoreParent {
  /** The field holding the parent record's id (the same as {@link StoreInit.parentField}). */
  readonly field: string;
  /** The parent collection's name. */
  readonly collection: string;
  /**
   * The parent collection's store; one of the same database can be referenced by a foreign key. Its
   * `init` has finished.
   */
  readonly store: Store<object>;
  /** What deleting a parent record does to its records here (core does it either way). */
  readonly onDelete: 'restrict' | 'cascade';
}

/**
 * A unit of work in progress: a store given one in {@link StoreCallOptions} does its reads and
 * writes inside it, so they all take effect together or not at all.
 */
export interface Transaction {
  /** The database the transaction runs in; a store of another database must refuse it. */
  readonly database: StoreDatabase;
}

/** How a unit of work is isolated from others; see {@link StoreDatabase.transaction}. */
export interface TransactionOptions {
  /**
   * `serializable` (the default): the unit behaves as if it ran alone, whatever it reads. A
   * database may run it again inside when it lost a race (so `work` must be safe to repeat).
   * `read-committed`: each read sees what was committed when it ran; the unit's checks hold only
   * through what it locks (reads with {@link StoreCallOptions.lock}) and through the database's
   * constraints. Core asks for it for its own units, which lock what they check. A store with one
   * writer at a time may run every unit alike.
   */
  readonly isolation?: 'serializable' | 'read-committed';
}

/** A lock a read inside a unit of work takes on the records it finds, held until the unit ends. */
export type StoreLock = 'share' | 'update';

/**
 * What groups the stores of one database: stores that share one (same object) can read and write
 * together in a transaction.
 */
export interface StoreDatabase {
  /**
   * Runs `work` as one unit: when it resolves, everything it wrote through stores of this database
   * (passing the transaction along) is kept; when it throws, nothing is, and the error is rethrown.
   * Other callers never see a half-done unit. Without options the unit is serializable: a check
   * it makes and the write that check allows hold together even against other writers. A unit
   * that lost a race with another may be run again inside, so `work` may run more than once.
   */
  transaction<R>(work: (transaction: Transaction) => Promise<R>, options?: TransactionOptions): Promise<R>;
  /**
   * The database's change log, appended to by every committed write of its stores (see
   * change-log.ts). Without one, a collection of this database is not offered as a feed.
   */
  readonly changes?: ChangeLog;
}

/** Options every store call takes. */
export interface StoreCallOptions {
  /** The unit of work this call belongs to. */
  readonly transaction?: Transaction;
  /**
   * For a read inside a unit of work: lock the records found until the unit ends. `share`: no
   * other writer can delete them (or change their id) meanwhile, as a parent being checked;
   * `update`: no other writer can change or delete them, as a record about to be deleted once
   * its children are checked. A store whose units never overlap (one writer at a time, or none
   * in memory) may ignore it.
   */
  readonly lock?: StoreLock;
  /** Fires when the client has gone away: a store may stop a long query. */
  readonly signal?: AbortSignal;
  /** Who asked, for a store that applies rules of its own (such as a database's row-level security). */
  readonly principal?: Principal;
  /** Values hooks attached to the request, such as a tenant (see `RequestState`). */
  readonly state?: RequestState;
}

/** An exact-value filter: field -> value; every entry must match. */
export type StoreFilter = Readonly<Record<string, unknown>>;

/**
 * Where a collection keeps its records. Methods are async so that database-backed stores fit the
 * same shape. Every write that takes `expectedVersion` must check it and write in one atomic step.
 * Deleted ids are remembered (tombstones) and never handed out again. docs/collections.md, "For
 * store authors", states the whole contract; `storeCases` in `@corral/core/testing` tests it.
 */
export interface Store<T> {
  /** Stores that can write together share this; without it, each call stands alone. */
  readonly database?: StoreDatabase;
  /**
   * `own-writes` when programs other than this store may change the records (a database table the
   * application does not own): the revision then counts only this store's writes, so core tags a
   * list by its content rather than by the revision alone. Default `all-writes`.
   */
  readonly revisionScope?: 'all-writes' | 'own-writes';
  /**
   * The parts of {@link ListQuery} beyond equality, search, sort and offsets that the store
   * carries out. Core offers a collection's comparison filters and cursor paging only when its
   * store says so, so that a store written before them is never handed a query it would ignore.
   */
  readonly listFeatures?: ListFeatures;
  /**
   * True when the store checks the parent keys of the records it takes outside the API (seed
   * records) itself, before they go in. Core checks every write through the API, so it then skips
   * its start-up check of the collection's stored parent keys, which reads every record. Rows that
   * other programs write are theirs to keep right (a foreign key does it in a table the store makes).
   */
  readonly checksParentKeys?: boolean;
  /**
   * True when the database itself refuses, in the write, a record whose parent key names no record
   * of the parent collection (a foreign key to the parent's table, checked under the parent's lock).
   * Core then creates a child under a path's parent with that one write, and reads the parent only
   * when the write is refused, to answer for it (404 or 410).
   */
  readonly enforcesParentKeys?: boolean;
  /**
   * The ids of the records this store took from its seed (data given outside the API) in this
   * process; empty when it took none (it already held data). `api.ready()` checks the parent keys
   * of these records only: a store without it is taken to have been given no seed.
   */
  seededIds?(): readonly string[];
  /** Called once per collection before the first request: create tables and indexes here. */
  init?(init: StoreInit): void | Promise<void>;
  /** Called by `api.close()`: release connections and files. */
  close?(): Promise<void>;
  /**
   * Resolves when the store can serve requests now (a database answers `SELECT 1`), rejects when
   * it cannot; `GET /ready` calls it. The signal fires when the readiness check gives up waiting.
   */
  ping?(options?: { readonly signal?: AbortSignal }): Promise<void>;
  /** One filtered, searched and sorted page of records, with the total over all pages. */
  list(query: ListQuery, options?: StoreCallOptions): Promise<ListResult<T>>;
  /**
   * The first records of several groups at once, one {@link GroupPage} per key in the order of
   * the keys (see {@link GroupQuery}). Without it, a collection nested below another cannot be
   * expanded from its parents.
   */
  listGroups?(query: GroupQuery, options?: StoreCallOptions): Promise<GroupPage<T>[]>;
  /** How many live records match the filter (all of them for `{}`). */
  count(filter: StoreFilter, options?: StoreCallOptions): Promise<number>;
  /** One record by id, telling deleted ids apart from unknown ones. */
  get(id: string, options?: StoreCallOptions): Promise<Lookup<T>>;
  /** Several records by id, one lookup per id in the same order. */
  getMany(ids: readonly string[], options?: StoreCallOptions): Promise<Lookup<T>[]>;
  /** Stores new data under a fresh id, at its first version (1 for stores that count writes). */
  create(data: T, options?: StoreCallOptions): Promise<StoredRecord<T>>;
  /** Overwrites a record's data, only if its version is still `expectedVersion` when given. */
  replace(id: string, data: T, expectedVersion?: number, options?: StoreCallOptions): Promise<WriteResult<T>>;
  /**
   * Sets the given fields to the given values and keeps the others, only if the version is still
   * `expectedVersion` when given, in one atomic step. Values replace whole fields (core sends no
   * nested object to merge and no null). Optional: without it, core reads the record and
   * `replace`s it; with it, a PATCH that needs nothing of the stored record is this one write.
   */
  update?(
    id: string,
    changes: Readonly<Partial<T>>,
    expectedVersion?: number,
    options?: StoreCallOptions,
  ): Promise<WriteResult<T>>;
  /** Turns a record into a tombstone, only if its version is still `expectedVersion` when given. */
  delete(id: string, expectedVersion?: number, options?: StoreCallOptions): Promise<DeleteResult<T>>;
  /** Turns every live record matching the filter into a tombstone; returns how many. */
  deleteWhere(filter: StoreFilter, options?: StoreCallOptions): Promise<number>;
  /**
   * The collection's revision: a number that grows with every committed write to the collection
   * (create, replace, delete...), so a list read at one revision can be told from a later one.
   */
  revision(options?: StoreCallOptions): Promise<number>;
  /** Deletes every record (all become tombstones) unless the revision is not `expectedRevision`. */
  deleteAll(expectedRevision?: number, options?: StoreCallOptions): Promise<DeleteAllResult>;
  /**
   * Replaces all entries or none: the first failing entry is reported and nothing is written.
   * With `expectedRevision`, nothing is written either when the collection changed since then.
   */
  replaceMany(
    entries: readonly ReplaceEntry<T>[],
    expectedRevision?: number,
    options?: StoreCallOptions,
  ): Promise<ReplaceManyResult<T>>;
}
