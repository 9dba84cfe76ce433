import type { ClientErrorKind } from './error-kinds.js';

/** One failing property of a 422 answer. */
export interface FieldError {
  /** Dotted path into the body (`address.city`, `[1].state` in a bulk write); empty for the body as a whole. */
  readonly field: string;
  /** What was wrong with it. */
  readonly message: string;
}

/** What the client knows of a failure: its kind, and the answer's status, body and headers when there was one. */
export interface ErrorDetails {
  /** What went wrong, see {@link ClientErrorKind}. */
  readonly kind: ClientErrorKind;
  /** HTTP status of the answer the failure comes from; 0 when no answer was involved. */
  readonly status: number;
  /** The catalogue code (`errorCode`, or the number ending `documentation_url`); undefined for the simple shape. */
  readonly errorCode: number | undefined;
  /** The server's message (`message` or `error`), the status line when the body had none, or the client's own. */
  readonly message: string;
  /** One entry per failing property (422); empty otherwise. */
  readonly fieldErrors: readonly FieldError[];
  /** The page describing the code (`additionalInformation` or `documentation_url`), when given. */
  readonly documentationUrl: string | undefined;
  /** The answer's `X-Request-Id`, to find the request in the server's log. */
  readonly requestId: string | undefined;
  /** Method and URL of the request that failed (or would have been sent). */
  readonly request: string;
  /** For kind `token`: the OAuth `error` code the token endpoint answered (`invalid_client`, `invalid_scope`). */
  readonly oauthError?: string | undefined;
}

/** Every failure the client reports: an error answer of the API, or one of the other {@link ClientErrorKind}s. */
export class CorralClientError extends Error implements ErrorDetails {
  /** What went wrong; switch on it rather than on the message. */
  readonly kind: ClientErrorKind;
  /** HTTP status of the answer; 0 when the failure involved no answer (no connection, an abort, a refused call). */
  readonly status: number;
  /** The catalogue code, when the body carried one. */
  readonly errorCode: number | undefined;
  /** One entry per failing property (422); empty otherwise. */
  readonly fieldErrors: readonly FieldError[];
  /** The page describing the code, when given. */
  readonly documentationUrl: string | undefined;
  /** The answer's `X-Request-Id`. */
  readonly requestId: string | undefined;
  /** Method and URL of the request that failed. */
  readonly request: string;
  /** The OAuth `error` code of a token endpoint's refusal (kind `token`); undefined otherwise. */
  readonly oauthError: string | undefined;

  /** Builds the error from its details; `cause` keeps the underlying error (a connection error, the abort reason). */
  constructor(details: ErrorDetails, options?: { cause?: unknown }) {
    super(details.message, options);
    this.name = 'CorralClientError';
    this.kind = details.kind;
    this.status = details.status;
    this.errorCode = details.errorCode;
    this.fieldErrors = details.fieldErrors;
    this.documentationUrl = details.documentationUrl;
    this.requestId = details.requestId;
    this.request = details.request;
    this.oauthError = details.oauthError;
  }
}

/**
 * A write refused with 412 because the record changed since the client read it (kind `conflict`).
 * `current` is the record as it is now (read again at once), so the caller can merge and retry with it.
 */
export class ConflictError<R = unknown> extends CorralClientError {
  /** The record as the server holds it now; undefined when it was deleted meanwhile. */
  readonly current: R | undefined;

  /** Wraps the 412's details with the record read after it. */
  constructor(details: ErrorDetails, current: R | undefined) {
    super({ ...details, kind: 'conflict' });
    this.name = 'ConflictError';
    this.current = current;
  }
}
