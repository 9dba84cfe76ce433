import type { PagingOptions } from '@corral/pagination';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import type { CorralRequest } from '../http/exchange.js';

/** What an operation's handler receives: its validated query, the caller, and the version prefix. */
export interface OperationContext<Q> {
  /** Query parameters, already parsed and validated against the operation's schema. */
  readonly query: Q;
  /** The authenticated caller; undefined when the API has no auth adapter. */
  readonly principal: Principal | undefined;
  /** The raw request, for headers or parameters the schema does not cover. */
  readonly request: CorralRequest;
  /** Path prefix of this API version, e.g. `/v1`, for building hrefs. */
  readonly prefix: string;
  /** True when the caller has the scope (always true when the API has no auth adapter). */
  hasScope(scope: string | undefined): boolean;
  /** The API's paging settings, for operations that page their results like lists. */
  readonly paging: PagingOptions;
}

/** Input of {@link defineOperation}. */
export interface OperationOptions<Q extends z.ZodObject, R> {
  /** A verb, used as the path: `/v1/<name>`. */
  readonly name: string;
  /** Human title for the root document; the capitalised name when omitted. */
  readonly title?: string;
  /**
   * The query parameters. A parameter given once arrives as a string, given several times as an
   * array of strings: use `z.coerce` and `z.array` to say what you accept. Unknown ones are refused.
   */
  readonly query: Q;
  /** The scope a caller needs; with an auth adapter, any valid token when omitted. */
  readonly scope?: string;
  /** What the operation does, for the API's documentation. */
  readonly description?: string;
  /** The shape of a successful result, for the API's documentation (the handler is not checked against it). */
  readonly result?: z.ZodType;
  /** Computes the result, which is sent as the JSON body of a 200. */
  readonly handler: (context: OperationContext<z.infer<Q>>) => R | Promise<R>;
}

/** A declared non-resource operation (GET only): it computes a result rather than serving a record. */
export interface Operation<Q extends z.ZodObject = z.ZodObject, R = unknown> extends OperationOptions<Q, R> {
  /** Tells operations from collections when both are handled together. */
  readonly kind: 'operation';
  /** Human title, always filled in (from the name when none was given). */
  readonly title: string;
  /** Returns a new definition with some options changed; this one stays as it is. */
  with(changes: Partial<OperationOptions<Q, R>>): Operation<Q, R>;
}

/** An operation of any query and result type, for code that handles operations generically. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any operation, whatever its schema
export type AnyOperation = Operation<any, unknown>;

/** Declares a non-resource operation such as `translate` or `calculate`. */
export function defineOperation<Q extends z.ZodObject, R>(options: OperationOptions<Q, R>): Operation<Q, R> {
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(options.name)) throw new Error(`Operation name "${options.name}" must be a word usable in a URL`);
  return Object.freeze({
    ...options,
    kind: 'operation' as const,
    title: options.title ?? options.name.charAt(0).toUpperCase() + options.name.slice(1),
    with: (changes: Partial<OperationOptions<Q, R>>) => defineOperation({ ...options, ...changes }),
  });
}
