import { Feed } from './feed.js';
import type { WatchOptions } from './watch-options.js';
import type { FilterArgument } from './filters.js';
import { followLink, type Followed } from './follow.js';
import { jobOf, type Job } from './jobs.js';
import { hrefOf } from './links.js';
import { listUrl } from './list-query.js';
import { pageOf, type Page } from './page.js';
import { pagesFrom, recordsFrom } from './paging.js';
import { addFollow } from './record-follow.js';
import { positionOf, type Resources, type WriteOptions } from './resources.js';
import type { ClientRecord, CollectionShape, RecordRef, RelOf, UntypedShape } from './shapes.js';
import { expectSuccess } from './transport.js';
import { failure } from './failures.js';
import type { ChosenExpansions, ExpandName, Expanded } from './expansions.js';

/** What a list asks for; every part is optional. */
export interface ListOptions<S extends CollectionShape = UntypedShape> {
  /**
   * Declared filters and the values records must have: a value, or operator -> value (`{ gte: 1990 }`);
   * none when the collection declares none.
   */
  readonly filter?: FilterArgument<S['filters']>;
  /** A sortable field (`sortby`). */
  readonly sort?: S['sortable'];
  /** `asc` (default) or `desc`; needs `sort`. */
  readonly order?: 'asc' | 'desc';
  /** Text the searchable fields must contain (`query`). */
  readonly query?: string;
  /** Index of the first record. */
  readonly offset?: number;
  /**
   * `cursor`: pages start at a place (`nextPage`/`previousPage` carry `after`/`before` cursors)
   * rather than an offset.
   */
  readonly paging?: 'offset' | 'cursor';
  /** Page size (the server caps it). */
  readonly limit?: number;
  /** Only these fields (besides `id` and `links`): `fields=a,b`; the records' type keeps just them. */
  readonly fields?: readonly FieldName<S>[];
  /** Cancels the request. */
  readonly signal?: AbortSignal;
}

/** A field of the collection's records. */
export type FieldName<S extends CollectionShape> = Extract<keyof S['record'], string>;

/**
 * The shape of a list's records once `fields` chose some: the same shape when it chose every field
 * (or none was given).
 */
export type Selected<S extends CollectionShape, F extends string> = [FieldName<S>] extends [F]
  ? S
  : Omit<S, 'record'> & SelectedRecord<S, F>;

/** The record part of {@link Selected}. */
export interface SelectedRecord<S extends CollectionShape, F extends string> {
  /** The record's data, with the chosen fields only. */
  readonly record: Pick<S['record'], Extract<F, keyof S['record']>>;
}

/** List options whose `fields` are `F` and whose `expand` names are `E`. */
export type ListOptionsOf<S extends CollectionShape, F extends string, E extends string = never> = ListOptions<S> &
  ChosenFields<F> &
  ChosenExpansions<E>;

/** The records of a list whose options chose fields `F` and expansions `E`. */
export type ListedRecord<S extends CollectionShape, F extends string, E extends string> = ClientRecord<Selected<S, F>> &
  Expanded<S, E>;

/** The `fields` of {@link ListOptionsOf}, kept as the literal names given. */
export interface ChosenFields<F extends string> {
  /** Only these fields (besides `id` and `links`). */
  readonly fields?: readonly F[];
}

/** A record just created and the URL the server gave it (`Location`). */
export interface Created<R> {
  /** The record as stored. */
  readonly record: R;
  /** Its URL. */
  readonly url: string;
}

/**
 * A record of the collection (as returned, or its JSON), or its id: writes use the record's `self`
 * link, or the collection's URL and the id.
 */
export type Target<S extends CollectionShape = UntypedShape> = RecordRef<Extract<keyof S['links'], string>> | string;

/** Work on one collection. Its URL comes from the root document, or from a link the server gave. */
export class CollectionClient<S extends CollectionShape = UntypedShape> {
  /** Built by `client.collection(name)`; `url` resolves the collection's URL once. */
  constructor(
    private readonly resources: Resources,
    private readonly url: (signal?: AbortSignal) => Promise<string>,
    private readonly pollMs: number,
  ) {}

  /** One page; the query carries the filters, sorting, search and window asked for. */
  async list<const F extends FieldName<S> = FieldName<S>, const E extends ExpandName<S> = never>(
    options: ListOptionsOf<S, F, E> = {},
  ): Promise<Page<ListedRecord<S, F, E>>> {
    const url = listUrl(await this.url(options.signal), options);
    return pageOf(this.resources, await this.resources.readWithPosition(url, options.signal), url);
  }

  /**
   * The list's feed: every change to a record that belongs to the list (its filters, search,
   * `fields` and `expand` apply; paging and sorting do not), as typed events, reconnecting by
   * itself. Live from now unless `from` (a page read before) or `after` says where to start.
   */
  watch<const F extends FieldName<S> = FieldName<S>, const E extends ExpandName<S> = never>(
    options: ListOptionsOf<S, F, E> & WatchOptions = {},
  ): Feed<ListedRecord<S, F, E>> {
    const { filter, query, fields, expand } = options; // the window and the order mean nothing to a feed
    const url = async (signal: AbortSignal) => listUrl(await this.url(signal), { filter, query, fields, expand });
    return new Feed(this.resources, { url, record: false }, options);
  }

  /** Every page, following each page's `nextPage` link until there is none. */
  async *pages<const F extends FieldName<S> = FieldName<S>, const E extends ExpandName<S> = never>(
    options: ListOptionsOf<S, F, E> = {},
  ): AsyncGenerator<Page<ListedRecord<S, F, E>>> {
    yield* pagesFrom(this.resources, await this.list(options), options.signal);
  }

  /** Every record of the list, page after page (`for await (const r of employees.all())`). */
  all<const F extends FieldName<S> = FieldName<S>, const E extends ExpandName<S> = never>(
    options: ListOptionsOf<S, F, E> = {},
  ): AsyncGenerator<ListedRecord<S, F, E>> {
    return recordsFrom(this.pages(options));
  }

  /** One record by id (revalidated with `If-None-Match` when read before). */
  async get(id: string, signal?: AbortSignal): Promise<ClientRecord<S>> {
    return (await this.resources.read(await this.recordUrl(id, signal), signal)) as ClientRecord<S>;
  }

  /** Creates a record; the answer's `Location` is its URL. */
  async create(data: S['record'], signal?: AbortSignal): Promise<Created<ClientRecord<S>>> {
    const url = await this.url(signal);
    const answer = await this.resources.post(url, data, {}, signal);
    const location = new URL(answer.headers.location ?? hrefOf(answer.body as ClientRecord<S>, 'self') ?? url, url)
      .href;
    this.resources.etags.set(location, answer.headers.etag, answer.body);
    return { record: answer.body as ClientRecord<S>, url: location };
  }

  /** Replaces a record's data (PUT), with `If-Match` as {@link WriteOptions} says. */
  async replace(target: Target<S>, data: S['record'], options?: WriteOptions): Promise<ClientRecord<S>> {
    return (await this.resources.write('PUT', await this.recordUrl(target, options?.signal), data, options))
      .body as ClientRecord<S>;
  }

  /** Changes some fields (JSON merge patch: `null` removes an optional field). */
  async patch(target: Target<S>, changes: Partial<S['record']>, options?: WriteOptions): Promise<ClientRecord<S>> {
    return (await this.resources.write('PATCH', await this.recordUrl(target, options?.signal), changes, options))
      .body as ClientRecord<S>;
  }

  /** Deletes a record. */
  async delete(target: Target<S>, options?: WriteOptions): Promise<void> {
    await this.resources.write('DELETE', await this.recordUrl(target, options?.signal), undefined, options);
  }

  /**
   * Follows a record's link by rel: a list gives a {@link Page}, a record the record (typed by the
   * collection's link map). The same as `record.follow(rel)`, for records kept as plain JSON.
   */
  async follow<Rel extends RelOf<ClientRecord<S>>>(
    record: RecordRef<Extract<keyof S['links'], string>>,
    rel: Rel,
    signal?: AbortSignal,
  ): Promise<Followed<S, Rel>> {
    return (await followLink(this.resources, record, rel, await this.url(signal), signal)) as Followed<S, Rel>;
  }

  /** Bulk PUT: replaces records by id, all or none; `async` runs it as a job (`Prefer: respond-async`). */
  async replaceAll(
    records: readonly (S['record'] & { readonly id: string })[],
    options: BulkOptions = {},
  ): Promise<Job<unknown>> {
    return this.bulk('PUT', records, options);
  }

  /** Bulk DELETE of every record; `async` runs it as a job. */
  async deleteAll(options: BulkOptions = {}): Promise<Job<unknown>> {
    return this.bulk('DELETE', undefined, options);
  }

  private async bulk(method: 'PUT' | 'DELETE', body: unknown, options: BulkOptions): Promise<Job<unknown>> {
    const url = await this.url(options.signal);
    const headers: Record<string, string> = {};
    if (options.async) headers.prefer = 'respond-async';
    if (options.ifMatch) headers['if-match'] = options.ifMatch;
    const answer = expectSuccess(await this.resources.send({ method, url, headers, body, signal: options.signal }), {
      method,
      url,
    });
    addFollow(this.resources, answer.body, url, positionOf(answer));
    const location = answer.status === 202 ? answer.headers.location : undefined;
    return jobOf(
      this.resources,
      location === undefined ? undefined : new URL(location, url).href,
      answer.body,
      this.pollMs,
    );
  }

  private async recordUrl(target: Target<S>, signal: AbortSignal | undefined): Promise<string> {
    const base = await this.url(signal);
    const self = typeof target === 'string' ? undefined : hrefOf(target, 'self');
    if (self === undefined) return `${base}/${encodeURIComponent(typeof target === 'string' ? target : target.id)}`;
    const url = new URL(self, base).href;
    // A record of another collection must not redirect a write there (employees.delete(zoo)).
    const collection = base.split('?')[0]!;
    if (!url.startsWith(`${collection}/`))
      throw failure(
        'usage',
        `${collection}`,
        `The record's self link ${url} is not a record of the collection at ${collection}`,
      );
    return url;
  }
}

/** Options of a bulk write. */
export interface BulkOptions {
  /** Ask the server to run it in the background (`Prefer: respond-async`); the job then resolves to its result. */
  readonly async?: boolean;
  /** An `If-Match` tag for the collection (its list `ETag`). */
  readonly ifMatch?: string;
  /** Cancels the request. */
  readonly signal?: AbortSignal;
}
