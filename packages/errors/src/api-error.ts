import type { AppErrorCode } from './app-codes.js';
import { errorCodes, type ErrorCodeName } from './catalogue.js';

/**
 * One failing property of a 422 answer. `field` is a dotted path such as `address.city` (empty for
 * the body itself).
 */
export interface FieldError {
  /** Dotted path to the failing property; empty when the body as a whole is wrong. */
  readonly field: string;
  /** Why the value was refused, written for the client. */
  readonly message: string;
}

/** Optional details for an {@link ApiError} beyond its catalogue entry and message. */
export interface ApiErrorOptions {
  /** Per-field failures, sent as `errors` in 422 answers. */
  readonly fieldErrors?: readonly FieldError[];
  /** Extra response headers, e.g. `Allow` for 405 or `WWW-Authenticate` for 401. */
  readonly headers?: Readonly<Record<string, string>>;
  /** What was really thrown, kept for the server log and never sent to the client. */
  readonly cause?: unknown;
}

/**
 * The error every part of Corral throws for a request it refuses. The catalogue entry fixes the
 * status and the numeric code; the message is written for the client and may be shown to it.
 */
export class ApiError extends Error {
  /** Fixed so {@link isApiError} can recognise errors made by another copy of this package. */
  override readonly name = 'ApiError';
  /** HTTP status of the answer, taken from the catalogue entry. */
  readonly status: number;
  /** Stable catalogue number sent to the client as `errorCode`. */
  readonly errorCode: number;
  /** Catalogue key the error was made from (an application code's name for those), handy for tests and logs. */
  readonly codeName: ErrorCodeName | (string & {});
  /** Per-field failures for a 422 answer; empty otherwise. */
  readonly fieldErrors: readonly FieldError[];
  /** Extra headers the answer must carry, such as `Allow` or `WWW-Authenticate`. */
  readonly headers: Readonly<Record<string, string>>;

  /**
   * @param code - a built-in code's name such as `'resourceNotFound'`, or an application's code
   *   from `defineErrorCodes`.
   */
  constructor(code: ErrorCodeName | AppErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const entry = typeof code === 'string' ? errorCodes[code] : code;
    this.codeName = typeof code === 'string' ? code : code.name;
    this.status = entry.status;
    this.errorCode = entry.code;
    this.fieldErrors = options.fieldErrors ?? [];
    this.headers = options.headers ?? {};
  }
}

/** True for an {@link ApiError}, also one made by another copy of this package. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError || (value instanceof Error && value.name === 'ApiError' && 'errorCode' in value);
}

/**
 * Turns anything thrown into an ApiError. Unknown values become a 500 whose message says nothing
 * about the cause; the original is kept as `cause` for the server's log only.
 */
export function toApiError(thrown: unknown): ApiError {
  if (isApiError(thrown)) return thrown;
  return new ApiError('internalError', 'Internal server error', { cause: thrown });
}
