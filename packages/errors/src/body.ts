import type { ApiError, FieldError } from './api-error.js';

/**
 * Body of 400, 409 and 422 answers: what went wrong, the stable code, and where the code is
 * explained. A 409 carries the code so that a client can tell a taken value from a record in use
 * or a request in flight without reading the message.
 */
export interface DetailedErrorBody {
  /** Human-readable explanation for the client. */
  message: string;
  /** Stable catalogue number clients can branch on. */
  errorCode: number;
  /** URL of the page that explains the code. */
  additionalInformation: string;
  /** Per-field failures: always on a 422, on a 409 when it names fields (a value already taken). */
  errors?: FieldError[];
}

/** Body of 401 and 403 answers, the shape the conventions give for authentication failures. */
export interface AuthErrorBody {
  /** Why the credentials were refused. */
  message: string;
  /** URL of the page that explains the error code. */
  documentation_url: string;
}

/** Body of every other error answer. */
export interface SimpleErrorBody {
  /** Human-readable explanation for the client. */
  error: string;
}

/** Any JSON body Corral sends for a failed request; the status decides which shape. */
export type ErrorBody = DetailedErrorBody | AuthErrorBody | SimpleErrorBody;

/** Maps an error code to the URL of the page that describes it. */
export type ErrorDocsUrl = (errorCode: number) => string;

/** The statuses answered in the detailed shape. */
const detailedStatuses: readonly number[] = [400, 409, 422];

/** Chooses the body shape by status, as the reference contract fixes it. */
export function errorBody(error: ApiError, docsUrl: ErrorDocsUrl): ErrorBody {
  if (detailedStatuses.includes(error.status)) {
    const body: DetailedErrorBody = {
      message: error.message,
      errorCode: error.errorCode,
      additionalInformation: docsUrl(error.errorCode),
    };
    if (error.status === 422 || error.fieldErrors.length > 0) {
      body.errors = error.fieldErrors.map((f) => ({ field: f.field, message: f.message }));
    }
    return body;
  }
  if (error.status === 401 || error.status === 403) {
    return { message: error.message, documentation_url: docsUrl(error.errorCode) };
  }
  return { error: error.message };
}
