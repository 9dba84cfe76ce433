import { toApiError, type ApiError } from './api-error.js';
import { errorBody, type ErrorBody, type ErrorDocsUrl } from './body.js';

/** A failure turned into everything needed to write the HTTP answer. */
export interface RenderedError {
  /** HTTP status to send. */
  readonly status: number;
  /** Headers the error requires, such as `Allow` or `WWW-Authenticate`. */
  readonly headers: Readonly<Record<string, string>>;
  /** JSON body, already shaped for the status. */
  readonly body: ErrorBody;
  /** The error as rendered; for a 500, `cause` holds what was really thrown (log it, never send it). */
  readonly error: ApiError;
}

/** The single exit for failures: any thrown value becomes a status, headers and a body safe to send. */
export function renderError(thrown: unknown, docsUrl: ErrorDocsUrl): RenderedError {
  const error = toApiError(thrown);
  return { status: error.status, headers: error.headers, body: errorBody(error, docsUrl), error };
}
