/** One entry of the error-code catalogue: a stable number, the HTTP status it goes with, and its page text. */
export interface ErrorCodeEntry {
  /** Stable number clients receive as `errorCode`; never reused for another meaning. */
  readonly code: number;
  /** HTTP status every answer with this code carries. */
  readonly status: number;
  /** Short heading used on the error catalogue pages. */
  readonly title: string;
  /** Explanation for client developers: what went wrong and how to fix the request. */
  readonly description: string;
}

/** Keeps each catalogue entry on a few lines; the fields are explained once, on {@link ErrorCodeEntry}. */
function entry(code: number, status: number, title: string, description: string): ErrorCodeEntry {
  return Object.freeze({ code, status, title, description });
}

/**
 * Every error code Corral can send. Numbers are stable: an entry may be added or deprecated, but a
 * number is never given a new meaning (a test holds the list of numbers ever used). Each description
 * is served on the code's error page and begins its row in docs/errors.md (a test compares them).
 */
export const errorCodes = {
  /** What any thrown value that is not an ApiError becomes, so internals never leak to the client. */
  internalError: entry(
    1000,
    500,
    'Internal server error',
    "The server failed while handling the request, so whether it took effect is unknown. Check the resource's state before retrying a write, and quote the X-Request-Id of the answer if it keeps happening: the server logged the failure under that id.",
  ),
  /** A list parameter such as sortby, order or query has a value the endpoint cannot use. */
  invalidQueryParameter: entry(
    1001,
    400,
    'Invalid query parameter',
    'A query parameter has a value that is not accepted. The message names the parameter and its valid values; send one of them.',
  ),
  /** Strict query checking: a misspelt parameter is refused instead of silently ignored. */
  unknownQueryParameter: entry(
    1002,
    400,
    'Unknown query parameter',
    'The endpoint does not know a query parameter you sent (often a typo). Remove it or use one of the parameters the message lists.',
  ),
  /** Refused rather than guessing which of the repeated values was meant. */
  duplicateQueryParameter: entry(
    1003,
    400,
    'Repeated query parameter',
    'A query parameter that takes a single value appears more than once. Send it once.',
  ),
  /** Both paging styles at once would be ambiguous, so the request is refused. */
  conflictingPagingParameters: entry(
    1004,
    400,
    'Conflicting paging parameters',
    'The request mixes offset and limit with page and per_page. Pick one style of paging.',
  ),
  /** The body could not be read or parsed as JSON at all. */
  malformedJson: entry(
    1005,
    400,
    'Malformed JSON body',
    'The body is empty, not valid UTF-8, or not valid JSON. Fix the serialisation of the body.',
  ),
  /** The body parsed as JSON but has the wrong shape or is unsafe to process. */
  invalidBody: entry(
    1006,
    400,
    'Unusable request body',
    'The body is valid JSON but cannot be used: its top-level value has the wrong type, it nests too deeply, or it uses a reserved key such as __proto__. Send a plain JSON object.',
  ),
  /** Schema rules failed on one or more fields; each failure is listed. */
  validationFailed: entry(
    1007,
    422,
    'Validation failed',
    'The body was understood but some properties are missing, invalid, unknown or read-only. Correct each field the errors array lists and send again.',
  ),
  /** The id (or its parent record) is unknown to the collection. */
  resourceNotFound: entry(
    1008,
    404,
    'Resource not found',
    'No record with this id exists in the collection. Check the id, or follow a link from a list.',
  ),
  /** Lets a client tell a deleted record from one that never existed. */
  resourceGone: entry(
    1009,
    410,
    'Resource gone',
    'The record was deleted and its id will not come back. Drop any reference you keep to it.',
  ),
  /** The path is known but the verb is not; the answer lists the allowed ones. */
  methodNotAllowed: entry(
    1010,
    405,
    'Method not allowed',
    'The path exists but not for this HTTP method. Use one of the methods the Allow header lists.',
  ),
  /** Content negotiation failed: the client refuses JSON. */
  notAcceptable: entry(
    1011,
    406,
    'Not acceptable',
    'The Accept header rules out the one format this path is served in: JSON for every API resource, HTML for the docs page. Accept that type (or */*).',
  ),
  /** The Content-Type or charset of the body is not one Corral reads. */
  unsupportedMediaType: entry(
    1012,
    415,
    'Unsupported media type',
    'The body was not declared as a JSON type this request takes (a form body, text, JSON Patch, or for PATCH anything but a merge patch). Send it with Content-Type: application/json in UTF-8 (application/merge-patch+json also suits PATCH).',
  ),
  /** Protects the server from bodies above the configured size limit. */
  payloadTooLarge: entry(
    1013,
    413,
    'Payload too large',
    "The body exceeds the server's size limit. Send less data per request.",
  ),
  /** Optimistic concurrency: the record changed after the client read it. */
  preconditionFailed: entry(
    1014,
    412,
    'Precondition failed',
    'Someone changed the resource after you read it, so your If-Match no longer matches its ETag and nothing was written. Read it again, reapply your change and retry with the new ETag.',
  ),
  /** The collection insists on conditional writes to prevent lost updates. */
  preconditionRequired: entry(
    1015,
    428,
    'Precondition required',
    'This collection only accepts writes that carry If-Match, so that concurrent writes cannot overwrite each other. Read the resource first and send its ETag in If-Match.',
  ),
  /** No usable bearer token came with a request that needs one. */
  authenticationRequired: entry(
    1016,
    401,
    'Authentication required',
    'No usable access token came with the request (missing, malformed or expired). Obtain an OAuth 2.0 token and send it as Authorization: Bearer <token>.',
  ),
  /** The caller is known but lacks the scope or the right for this record. */
  accessDenied: entry(
    1017,
    403,
    'Access denied',
    'The token is valid but lacks the rights for this request. Ask for a token with the scope named in WWW-Authenticate; without that header, a per-record rule refused this caller the record.',
  ),
  /** The path does not start with a version this server offers. */
  unknownVersion: entry(
    1018,
    404,
    'Unknown API version',
    'The path does not start with a version this server offers (no version, a minor version such as v1.2, or an unknown number). Use one of the versions the message lists; GET on the base path lists them too.',
  ),
  /** No route matches the path within a valid version. */
  routeNotFound: entry(
    1019,
    404,
    'No such endpoint',
    "Nothing in this API version answers at this path, or the path lies outside the API's base path. Check the path against the API root document.",
  ),
  /** Credentials were sent in a refused way, e.g. in the query or more than once. */
  invalidAuthorizationRequest: entry(
    1020,
    400,
    'Invalid authorization request',
    'Credentials arrived in a form the API refuses: a token in the query string, or more than one credential. Send exactly one token, in the Authorization header only.',
  ),
  /** Keeps a delete from leaving child records that point at nothing. */
  resourceInUse: entry(
    1021,
    409,
    'Resource in use',
    'The record still has records that belong to it (for example a zoo with animals) and its collection refuses to leave them without a parent. Delete or move them first.',
  ),
  /** Node refused the request as HTTP before the API could read it. */
  malformedRequest: entry(
    1022,
    400,
    'Malformed request',
    'The request is not valid HTTP/1.1, so it was refused before the API read it: broken Content-Length or chunked framing, a bare LF line ending, an invalid header, an unknown method or no Host header.',
  ),
  /** Headers (the URL included) beyond what the server reads. */
  headersTooLarge: entry(
    1023,
    431,
    'Request headers too large',
    "The request line and headers are over the server's limit (16 KiB by default); a very long URL counts. Also sent for an If-Match or If-None-Match header over 8 KiB. Send a shorter URL, or fewer or smaller headers.",
  ),
  /** The client took too long to send its request. */
  requestTimeout: entry(
    1024,
    408,
    'Request timeout',
    'The headers or the body did not arrive within the time the server allows; the connection is closed. Send the request again.',
  ),
  /** A client sent more requests than its rate limit allows in the current window. */
  tooManyRequests: entry(
    1025,
    429,
    'Too many requests',
    "The client (its token's client_id, or its address when it sends no token) used up its rate limit for the current window; nothing was done. Wait Retry-After seconds; the RateLimit and RateLimit-Policy headers tell what is left and when it renews.",
  ),
  /** An `Idempotency-Key` came back with a different request. */
  idempotencyKeyReused: entry(
    1026,
    422,
    'Idempotency key reused',
    'This Idempotency-Key was already used for a different request (another method, path, query or body) within its window. Pick a fresh key for a new request; resend the exact original request to get its answer again.',
  ),
  /** The first request with this `Idempotency-Key` is still running. */
  idempotencyRequestInFlight: entry(
    1027,
    409,
    'Request with this key in progress',
    'The first request with this Idempotency-Key has not finished. Send it again after Retry-After seconds to receive its answer.',
  ),
  /** The `Idempotency-Key` header is missing where required, or malformed. */
  invalidIdempotencyKey: entry(
    1028,
    400,
    'Invalid idempotency key',
    'The Idempotency-Key is empty, longer than 255 characters, not visible ASCII or repeated, or missing where the API requires one. Send one well-formed key (a UUID is a good choice).',
  ),
  /** A database rule of uniqueness refused the write. */
  valueTaken: entry(
    1029,
    409,
    'Value already taken',
    'The database keeps a value unique (an e-mail address, a code) and another record already holds it; nothing was written. Choose another value, or change the record that holds it.',
  ),
  /** A filter parameter names an operator the collection does not allow for it. */
  filterOperatorNotAllowed: entry(
    1030,
    400,
    'Filter operator not allowed',
    'A filter such as year_of_birth[gte]=1990 names an operator the collection does not allow for that filter, or one that does not exist. The message lists the operators the filter accepts; use one of them.',
  ),
  /** A cursor (`after` or `before`) is not one this list gave out. */
  invalidCursor: entry(
    1031,
    400,
    'Invalid cursor',
    'The after or before parameter of a cursor-paged list is not a cursor this list gave out: it was changed, cut, or taken from a list with another sort, filter or search. Follow the nextPage and previousPage links as they are, or start again from the first page.',
  ),
  /** `expand` names a relation the collection does not have, or goes deeper than allowed. */
  invalidExpansion: entry(
    1032,
    400,
    'Invalid expansion',
    'The expand parameter names a relation the collection does not have, or a chain of relations (such as animals.zoo) deeper than the API allows. The message lists what may be expanded at that place.',
  ),
  /** The service cannot take the request now; it may later. */
  serviceUnavailable: entry(
    1033,
    503,
    'Service unavailable',
    'The service cannot take the request now: too many jobs (Prefer: respond-async) are already waiting (nothing was changed), or the database could not be reached. Send it again after the Retry-After delay; when a database connection was cut during a write, the write may have been applied, so read the resource first.',
  ),
  /**
   * The database connection broke after a write was sent and before its answer came: applied or not,
   * nobody can tell. Apart from serviceUnavailable because sending it again blindly may apply it twice.
   */
  writeOutcomeUnknown: entry(
    1034,
    503,
    'Write outcome unknown',
    'The connection to the database broke after the write was sent and before its answer came, so it may or may not have been applied. Read the resource to find out before writing again, or send the request again with the same Idempotency-Key, which makes a repeat safe whichever way it went. There is no Retry-After: this is not a request to send it again as it is.',
  ),
};

/** Key of a catalogue entry; {@link ApiError} is created from one of these. */
export type ErrorCodeName = keyof typeof errorCodes;

const byNumber = new Map<number, ErrorCodeEntry>(Object.values(errorCodes).map((known) => [known.code, known]));

/** Looks up a catalogue entry by its number, e.g. for the page that describes it. */
export function findErrorCode(code: number): ErrorCodeEntry | undefined {
  return byNumber.get(code);
}
