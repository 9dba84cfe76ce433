import { CorralError } from '@corral/errors';
import type { PagingOptions } from '@corral/pagination';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import type { CallerContext } from '../vocabulary/context.js';
import type { CorralRequest } from '../http/exchange.js';

/** What an operation's handler receives: its validated query and body, the caller, and the version prefix. */
export interface OperationContext<Q, B = undefined> extends CallerContext {
  /** Query parameters, already parsed and validated against the operation's schema. */
  readonly query: Q;
  /** The JSON body of a POST operation, already validated against its `body` schema; undefined for GET. */
  readonly body: B;
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

/** Input of {@link defineOperation}: `R` is what the handler returns, `B` the validated body. */
export interface OperationOptions<Q extends z.ZodObject, R, B = undefined> {
  /** A verb, used as the path: `/v1/<name>`. */
  readonly name: string;
  /** Human title for the root document; the capitalised name when omitted. */
  readonly title?: string;
  /**
   * GET (the default) computes a result from query parameters; POST takes a JSON `body` as well,
   * for input that does not fit a query string. Either way the operation should not change records.
   */
  readonly method?: 'GET' | 'POST';
  /**
   * The query parameters. A parameter given once arrives as a string, given several times as an
   * array of strings: use `z.coerce` and `z.array` to say what you accept. Unknown ones are refused;
   * without a schema, every query parameter is.
   */
  readonly query?: Q;
  /**
   * The JSON body of a POST operation (required then). A failing body is a 422 listing each field;
   * a body that is not JSON is a 415 or 400, one over the API's body limit a 413.
   */
  readonly body?: z.ZodType<B>;
  /** The scope a caller needs; with an auth adapter, any valid token when omitted. */
  readonly scope?: string;
  /** What the operation does, for the API's documentation. */
  readonly description?: string;
  /**
   * The shape of a successful result: documented as the 200 answer, it also types the handler's
   * return value and, when {@link OperationOptions.checkResult} is on, is checked against it.
   */
  readonly result?: z.ZodType<R>;
  /**
   * Check each result against `result` before sending it; a mismatch is logged with its issues and
   * answered with a 500, never sent. Defaults to on unless `NODE_ENV` is `production` (read once, when
   * the API is created), so development and tests catch a handler drifting from its documentation.
   */
  readonly checkResult?: boolean;
  /** Computes the result, which is sent as the JSON body of a 200. */
  readonly handler: (context: OperationContext<z.infer<Q>, B>) => R | Promise<R>;
}

/** A declared non-resource operation (GET or POST): it computes a result rather than serving a record. */
export interface Operation<Q extends z.ZodObject = z.ZodObject, R = unknown, B = undefined>
  extends OperationOptions<Q, R, B> {
  /** Tells operations from collections when both are handled together. */
  readonly kind: 'operation';
  /** Human title, always filled in (from the name when none was given). */
  readonly title: string;
  /** Returns a new definition with some options changed; this one stays as it is. */
  with(changes: Partial<OperationOptions<Q, R, B>>): Operation<Q, R, B>;
}

/** An operation of any query, body and result type, for code that handles operations generically. */
// biome-ignore lint/suspicious/noExplicitAny: any operation, whatever its schemas
export type AnyOperation = Operation<any, unknown, any>;

/** The body type an optional `body` schema stands for: its output, or undefined without one. */
export type OperationBodyOf<S> = S extends z.ZodType ? z.output<S> : undefined;
/** Input of {@link defineOperation} with a `result` schema: the handler must return its output. */
export type OperationOptionsWithResult<Q extends z.ZodObject, S extends z.ZodType, BS> = OperationOptions<
  Q,
  z.output<S>,
  OperationBodyOf<BS>
> & {
  /** The result schema, which the handler's return type follows. */
  readonly result: S;
  /** The body schema of a POST operation. */
  readonly body?: BS;
};
/** Input of {@link defineOperation} without a `result` schema: the result type is the handler's. */
export type OperationOptionsWithoutResult<Q extends z.ZodObject, R, BS> = OperationOptions<
  Q,
  R,
  OperationBodyOf<BS>
> & {
  /** Absent: without a result schema the handler's own return type is the result type. */
  readonly result?: undefined;
  /** The body schema of a POST operation. */
  readonly body?: BS;
};
/** The query schema of an operation that declares none: no parameter is accepted. */
export type NoQuery = z.ZodObject<Record<never, never>>;

/**
 * Declares a non-resource operation such as `translate` or `calculate`. Given a `result` schema,
 * the handler must return that shape (checked by the compiler, and at run time outside production);
 * without one, the result type is whatever the handler returns.
 */
export function defineOperation<
  Q extends z.ZodObject = NoQuery,
  S extends z.ZodType = z.ZodType,
  BS extends z.ZodType | undefined = undefined,
>(options: OperationOptionsWithResult<Q, S, BS>): Operation<Q, z.output<S>, OperationBodyOf<BS>>;
export function defineOperation<
  Q extends z.ZodObject = NoQuery,
  R = unknown,
  BS extends z.ZodType | undefined = undefined,
>(options: OperationOptionsWithoutResult<Q, R, BS>): Operation<Q, R, OperationBodyOf<BS>>;
export function defineOperation(
  options: OperationOptions<z.ZodObject, unknown, unknown>,
): Operation<z.ZodObject, unknown, unknown> {
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(options.name))
    throw new CorralError('CORRAL_INVALID_NAME', `Operation name "${options.name}" must be a word usable in a URL`);
  const method = options.method ?? 'GET';
  if (method !== 'GET' && method !== 'POST')
    throw new CorralError('CORRAL_INVALID_OPERATION', `Operation "${options.name}": method must be GET or POST`);
  if (method === 'POST' && !options.body)
    throw new CorralError(
      'CORRAL_INVALID_OPERATION',
      `Operation "${options.name}" uses POST, so it needs a body schema`,
    );
  if (method === 'GET' && options.body)
    throw new CorralError(
      'CORRAL_INVALID_OPERATION',
      `Operation "${options.name}" has a body schema, so it must use method POST`,
    );
  return Object.freeze({
    ...options,
    kind: 'operation' as const,
    title: options.title ?? options.name.charAt(0).toUpperCase() + options.name.slice(1),
    with: (changes: Partial<OperationOptions<z.ZodObject, unknown, unknown>>) =>
      defineOperation({ ...options, ...changes } as OperationOptionsWithoutResult<z.ZodObject, unknown, z.ZodType>),
  });
}
