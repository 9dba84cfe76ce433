import type { RecordJson, CollectionShape, UntypedShape } from './shapes.js';

/** What happened to a record. */
export type ChangeKind = 'created' | 'updated' | 'deleted';

/**
 * The `data` of a webhook: the change as the collection's feed gives it. `R` is the record's JSON
 * (as a GET gives it), `N` the collection's name, `K` what happened.
 */
export interface WebhookChange<
  R = Record<string, unknown>,
  N extends string = string,
  K extends ChangeKind = ChangeKind,
> {
  /** What happened to the record. */
  readonly type: K;
  /** The collection's name. */
  readonly collection: N;
  /** The record's id. */
  readonly id: string;
  /** The record's version after the change (a delete: the last one). */
  readonly version: number;
  /** The record's ETag after the change, for a later `If-Match`. */
  readonly etag: string;
  /** When the change was committed (ISO 8601). */
  readonly at: string;
  /** Whether the record matches the subscription's filter after the change. */
  readonly matches: boolean;
  /** The record as a GET gives it; absent for `deleted`. */
  readonly record?: R;
}

/** One webhook's body: `type` is `<collection>.<kind>`, `timestamp` when it was sent (ISO 8601). */
export interface WebhookPayload<
  R = Record<string, unknown>,
  N extends string = string,
  K extends ChangeKind = ChangeKind,
> {
  /** `<collection>.<kind>`, e.g. `animals.created`. */
  readonly type: `${N}.${K}`;
  /** When the event was sent (ISO 8601). */
  readonly timestamp: string;
  /** The change. */
  readonly data: WebhookChange<R, N, K>;
}

/** The shape of a collection's records, or an untyped one where the API gives none. */
export type ShapeOf<S> = S extends CollectionShape ? S : UntypedShape;

/**
 * Every webhook payload an API of collection types `Api` (as `createClient<Api>` takes) can send:
 * a union on `type`, so `if (event.type === 'animals.created')` narrows `event.data.record`.
 */
export type WebhookEvent<Api extends object = Record<string, UntypedShape>> = {
  [N in Extract<keyof Api, string>]: {
    [K in ChangeKind]: WebhookPayload<RecordJson<ShapeOf<Api[N]>>, N, K>;
  }[ChangeKind];
}[Extract<keyof Api, string>];
