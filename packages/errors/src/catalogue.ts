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

/**
 * Every error code Corral can send. Numbers are stable: an entry may be added or deprecated, but a
 * number is never given a new meaning (a test holds the list of numbers ever used).
 */
export const errorCodes = {
  /** What any thrown value that is not an ApiError becomes, so internals never leak to the client. */
  internalError: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1000,
    /** HTTP status of every answer carrying this code. */
    status: 500,
    /** Short heading for the error catalogue pages. */
    title: 'Internal server error',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The server failed while handling the request. Whether the request took effect is unknown; the server logged the failure with the request id.',
  },
  /** A list parameter such as sortby, order or query has a value the endpoint cannot use. */
  invalidQueryParameter: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1001,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Invalid query parameter',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'A query parameter has a value outside the accepted ones. The message names the parameter and the values it accepts.',
  },
  /** Strict query checking: a misspelt parameter is refused instead of silently ignored. */
  unknownQueryParameter: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1002,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Unknown query parameter',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The request names a query parameter this endpoint does not know. The message lists the accepted parameters.',
  },
  /** Refused rather than guessing which of the repeated values was meant. */
  duplicateQueryParameter: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1003,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Repeated query parameter',
    /** Longer explanation served on the error catalogue pages. */
    description: 'A query parameter that takes one value was given more than once.',
  },
  /** Both paging styles at once would be ambiguous, so the request is refused. */
  conflictingPagingParameters: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1004,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Conflicting paging parameters',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'A page is chosen either with offset and limit or with page and per_page; the request mixes the two styles.',
  },
  /** The body could not be read or parsed as JSON at all. */
  malformedJson: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1005,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Malformed JSON body',
    /** Longer explanation served on the error catalogue pages. */
    description: 'The request body is empty, is not valid UTF-8, or is not valid JSON.',
  },
  /** The body parsed as JSON but has the wrong shape or is unsafe to process. */
  invalidBody: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1006,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Unusable request body',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The body is valid JSON but cannot be used: its top-level value has the wrong type, it nests too deeply, or it uses a reserved key such as __proto__.',
  },
  /** Schema rules failed on one or more fields; each failure is listed. */
  validationFailed: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1007,
    /** HTTP status of every answer carrying this code. */
    status: 422,
    /** Short heading for the error catalogue pages. */
    title: 'Validation failed',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The body was understood but some properties are invalid, missing, unknown or read-only. The errors array names each failing field.',
  },
  /** The id (or its parent record) is unknown to the collection. */
  resourceNotFound: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1008,
    /** HTTP status of every answer carrying this code. */
    status: 404,
    /** Short heading for the error catalogue pages. */
    title: 'Resource not found',
    /** Longer explanation served on the error catalogue pages. */
    description: 'No record with this id exists in the collection, and none ever did.',
  },
  /** Lets a client tell a deleted record from one that never existed. */
  resourceGone: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1009,
    /** HTTP status of every answer carrying this code. */
    status: 410,
    /** Short heading for the error catalogue pages. */
    title: 'Resource gone',
    /** Longer explanation served on the error catalogue pages. */
    description: 'The record was deleted. Its id will not be used again.',
  },
  /** The path is known but the verb is not; the answer lists the allowed ones. */
  methodNotAllowed: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1010,
    /** HTTP status of every answer carrying this code. */
    status: 405,
    /** Short heading for the error catalogue pages. */
    title: 'Method not allowed',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The path exists but does not support this HTTP method. The Allow header lists the methods it supports.',
  },
  /** Content negotiation failed: the client refuses JSON. */
  notAcceptable: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1011,
    /** HTTP status of every answer carrying this code. */
    status: 406,
    /** Short heading for the error catalogue pages. */
    title: 'Not acceptable',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The Accept header excludes the only format the resource is available in (application/json for the API itself).',
  },
  /** The Content-Type or charset of the body is not one Corral reads. */
  unsupportedMediaType: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1012,
    /** HTTP status of every answer carrying this code. */
    status: 415,
    /** Short heading for the error catalogue pages. */
    title: 'Unsupported media type',
    /** Longer explanation served on the error catalogue pages. */
    description: 'Request bodies must be sent as application/json in UTF-8.',
  },
  /** Protects the server from bodies above the configured size limit. */
  payloadTooLarge: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1013,
    /** HTTP status of every answer carrying this code. */
    status: 413,
    /** Short heading for the error catalogue pages. */
    title: 'Payload too large',
    /** Longer explanation served on the error catalogue pages. */
    description: 'The request body is larger than the configured limit.',
  },
  /** Optimistic concurrency: the record changed after the client read it. */
  preconditionFailed: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1014,
    /** HTTP status of every answer carrying this code. */
    status: 412,
    /** Short heading for the error catalogue pages. */
    title: 'Precondition failed',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The If-Match header does not match the current ETag of the resource: it was changed since you read it. Nothing was changed.',
  },
  /** The collection insists on conditional writes to prevent lost updates. */
  preconditionRequired: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1015,
    /** HTTP status of every answer carrying this code. */
    status: 428,
    /** Short heading for the error catalogue pages. */
    title: 'Precondition required',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'This collection requires an If-Match header carrying the ETag you read, so that concurrent writes cannot overwrite each other.',
  },
  /** No usable bearer token came with a request that needs one. */
  authenticationRequired: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1016,
    /** HTTP status of every answer carrying this code. */
    status: 401,
    /** Short heading for the error catalogue pages. */
    title: 'Authentication required',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The request carries no valid access token. Send an OAuth 2.0 bearer token in the Authorization header.',
  },
  /** The caller is known but lacks the scope or the right for this record. */
  accessDenied: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1017,
    /** HTTP status of every answer carrying this code. */
    status: 403,
    /** Short heading for the error catalogue pages. */
    title: 'Access denied',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The access token is valid but does not grant access to this resource. The WWW-Authenticate header names the scope needed.',
  },
  /** The path does not start with a version this server offers. */
  unknownVersion: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1018,
    /** HTTP status of every answer carrying this code. */
    status: 404,
    /** Short heading for the error catalogue pages. */
    title: 'Unknown API version',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'Every path starts with a major version such as /v1. The message lists the versions this server offers.',
  },
  /** No route matches the path within a valid version. */
  routeNotFound: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1019,
    /** HTTP status of every answer carrying this code. */
    status: 404,
    /** Short heading for the error catalogue pages. */
    title: 'No such endpoint',
    /** Longer explanation served on the error catalogue pages. */
    description: 'No endpoint of this API version matches the path.',
  },
  /** Credentials were sent in a refused way, e.g. in the query or more than once. */
  invalidAuthorizationRequest: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1020,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Invalid authorization request',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'Credentials were sent in a way this API refuses: a token in the query string, or more than one credential.',
  },
  /** Keeps a delete from leaving child records that point at nothing. */
  resourceInUse: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1021,
    /** HTTP status of every answer carrying this code. */
    status: 409,
    /** Short heading for the error catalogue pages. */
    title: 'Resource in use',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The record cannot be deleted while other records still refer to it (for example a zoo that still has animals). Delete or move those first.',
  },
  /** Node refused the request as HTTP before the API could read it. */
  malformedRequest: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1022,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Malformed request',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The request is not valid HTTP/1.1: broken framing (Content-Length or chunked encoding), a line ended by a bare LF, an invalid header, an unknown method or a missing Host header.',
  },
  /** Headers (the URL included) beyond what the server reads. */
  headersTooLarge: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1023,
    /** HTTP status of every answer carrying this code. */
    status: 431,
    /** Short heading for the error catalogue pages. */
    title: 'Request headers too large',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The request line and headers together are larger than the server accepts (16 KiB by default). Also sent for an If-Match or If-None-Match header longer than 8 KiB. Send a shorter URL or fewer or smaller headers.',
  },
  /** The client took too long to send its request. */
  requestTimeout: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1024,
    /** HTTP status of every answer carrying this code. */
    status: 408,
    /** Short heading for the error catalogue pages. */
    title: 'Request timeout',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The request headers or body did not arrive within the time the server allows. The connection is closed; send the request again.',
  },
  /** A client sent more requests than its rate limit allows in the current window. */
  tooManyRequests: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1025,
    /** HTTP status of every answer carrying this code. */
    status: 429,
    /** Short heading for the error catalogue pages. */
    title: 'Too many requests',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The client used up the requests its rate limit allows in the current window, so this one was not processed. Wait the number of seconds given in Retry-After before sending again; the RateLimit and RateLimit-Policy headers tell how much of the quota is left and when it renews.',
  },
  /** An `Idempotency-Key` came back with a different request. */
  idempotencyKeyReused: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1026,
    /** HTTP status of every answer carrying this code. */
    status: 422,
    /** Short heading for the error catalogue pages. */
    title: 'Idempotency key reused',
    /** Longer explanation served on the error catalogue pages. */
    description:
      "This Idempotency-Key was already used by you for a different request (another method, path, query or body) within the key's window. Use a new key for a new request; resend the exact original request to get its answer again.",
  },
  /** The first request with this `Idempotency-Key` is still running. */
  idempotencyRequestInFlight: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1027,
    /** HTTP status of every answer carrying this code. */
    status: 409,
    /** Short heading for the error catalogue pages. */
    title: 'Request with this key in progress',
    /** Longer explanation served on the error catalogue pages. */
    description:
      "A request with the same Idempotency-Key is still being processed. Wait for the time given in Retry-After and send it again: you will then get the first request's answer.",
  },
  /** The `Idempotency-Key` header is missing where required, or malformed. */
  invalidIdempotencyKey: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1028,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Invalid idempotency key',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID is a good choice), sent once; some APIs also require it on every POST. Send a well-formed key.',
  },
  /** A database rule of uniqueness refused the write. */
  valueTaken: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1029,
    /** HTTP status of every answer carrying this code. */
    status: 409,
    /** Short heading for the error catalogue pages. */
    title: 'Value already taken',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'Another record already holds a value that the database keeps unique (an e-mail address, a code), so nothing was written. Choose another value, or change the record that holds it.',
  },
  /** A filter parameter names an operator the collection does not allow for it. */
  filterOperatorNotAllowed: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1030,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Filter operator not allowed',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'A filter such as year_of_birth[gte]=1990 names an operator (eq, ne, gt, gte, lt, lte, in) that this collection does not allow for that filter, or an operator that does not exist. The message lists the operators the filter accepts.',
  },
  /** A cursor (`after` or `before`) is not one this list gave out. */
  invalidCursor: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1031,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Invalid cursor',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The after or before parameter of a cursor-paged list is not a cursor this list gave out: it was changed, cut, or taken from a list with another sort, filter or search. Follow the nextPage and previousPage links as they are, or start again from the first page.',
  },
  /** `expand` names a relation the collection does not have, or goes deeper than allowed. */
  invalidExpansion: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1032,
    /** HTTP status of every answer carrying this code. */
    status: 400,
    /** Short heading for the error catalogue pages. */
    title: 'Invalid expansion',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The expand parameter names a relation the collection does not have, or a chain of relations (such as animals.zoo) deeper than the API allows. The message lists the relations that may be expanded there.',
  },
  /** The service cannot take the request now; it may later. */
  serviceUnavailable: {
    /** Stable number sent as `errorCode`; never given another meaning. */
    code: 1033,
    /** HTTP status of every answer carrying this code. */
    status: 503,
    /** Short heading for the error catalogue pages. */
    title: 'Service unavailable',
    /** Longer explanation served on the error catalogue pages. */
    description:
      'The service cannot take this request now: too much background work is already waiting, or the database could not be reached. Send it again after the delay the Retry-After header gives. When the database connection was cut during a write, the write may have been applied: read the resource first.',
  },
} as const satisfies Record<string, ErrorCodeEntry>;

/** Key of a catalogue entry; {@link ApiError} is created from one of these. */
export type ErrorCodeName = keyof typeof errorCodes;

const byNumber = new Map<number, ErrorCodeEntry>(Object.values(errorCodes).map((entry) => [entry.code, entry]));

/** Looks up a catalogue entry by its number, e.g. for the page that describes it. */
export function findErrorCode(code: number): ErrorCodeEntry | undefined {
  return byNumber.get(code);
}
