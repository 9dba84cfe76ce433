/** One failing property of a 422 answer. */
export interface FieldError {
  /** Dotted path into the body (`address.city`, `[1].state` in a bulk write); empty for the body as a whole. */
  readonly field: string;
  /** What was wrong with it. */
  readonly message: string;
}

/** What the client knows of an error answer, from its status, body and headers. */
export interface ErrorDetails {
  /** HTTP status of the answer. */
  readonly status: number;
  /** The catalogue code (`errorCode`, or the number ending `documentation_url`); undefined for the simple shape. */
  readonly errorCode: number | undefined;
  /** The server's message (`message` or `error`), or the status line when the body had none. */
  readonly message: string;
  /** One entry per failing property (422); empty otherwise. */
  readonly fieldErrors: readonly FieldError[];
  /** The page describing the code (`additionalInformation` or `documentation_url`), when given. */
  readonly documentationUrl: string | undefined;
  /** The answer's `X-Request-Id`, to find the request in the server's log. */
  readonly requestId: string | undefined;
  /** Method and URL of the request that failed. */
  readonly request: string;
}

/** An error answer of a Corral API (any of its three body shapes), or a request that got no answer. */
export class CorralClientError extends Error implements ErrorDetails {
  /** HTTP status of the answer; 0 when the request got no answer at all. */
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

  /** Builds the error from the answer's details; `cause` keeps a connection error. */
  constructor(details: ErrorDetails, options?: { cause?: unknown }) {
    super(details.message, options);
    this.name = 'CorralClientError';
    this.status = details.status;
    this.errorCode = details.errorCode;
    this.fieldErrors = details.fieldErrors;
    this.documentationUrl = details.documentationUrl;
    this.requestId = details.requestId;
    this.request = details.request;
  }
}

/**
 * A write refused with 412 because the record changed since the client read it. `current` is the
 * record as it is now (read again at once), so the caller can merge and retry with it.
 */
export class ConflictError<R = unknown> extends CorralClientError {
  /** The record as the server holds it now; undefined when it was deleted meanwhile. */
  readonly current: R | undefined;

  /** Wraps the 412's details with the record read after it. */
  constructor(details: ErrorDetails, current: R | undefined) {
    super(details);
    this.name = 'ConflictError';
    this.current = current;
  }
}
