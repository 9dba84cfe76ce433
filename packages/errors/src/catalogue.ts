/** One entry of the error-code catalogue: a stable number, the HTTP status it goes with, and its page text. */
export interface ErrorCodeEntry {
  readonly code: number;
  readonly status: number;
  readonly title: string;
  readonly description: string;
}

/**
 * Every error code Corral can send. Numbers are stable: an entry may be added or deprecated, but a
 * number is never given a new meaning (a test holds the list of numbers ever used).
 */
export const errorCodes = {
  internalError: {
    code: 1000, status: 500, title: 'Internal server error',
    description: 'The server failed while handling the request. Whether the request took effect is unknown; the server logged the failure with the request id.',
  },
  invalidQueryParameter: {
    code: 1001, status: 400, title: 'Invalid query parameter',
    description: 'A query parameter has a value outside the accepted ones. The message names the parameter and the values it accepts.',
  },
  unknownQueryParameter: {
    code: 1002, status: 400, title: 'Unknown query parameter',
    description: 'The request names a query parameter this endpoint does not know. The message lists the accepted parameters.',
  },
  duplicateQueryParameter: {
    code: 1003, status: 400, title: 'Repeated query parameter',
    description: 'A query parameter that takes one value was given more than once.',
  },
  conflictingPagingParameters: {
    code: 1004, status: 400, title: 'Conflicting paging parameters',
    description: 'A page is chosen either with offset and limit or with page and per_page; the request mixes the two styles.',
  },
  malformedJson: {
    code: 1005, status: 400, title: 'Malformed JSON body',
    description: 'The request body is empty, is not valid UTF-8, or is not valid JSON.',
  },
  invalidBody: {
    code: 1006, status: 400, title: 'Unusable request body',
    description: 'The body is valid JSON but cannot be used: its top-level value has the wrong type, it nests too deeply, or it uses a reserved key such as __proto__.',
  },
  validationFailed: {
    code: 1007, status: 422, title: 'Validation failed',
    description: 'The body was understood but some properties are invalid, missing, unknown or read-only. The errors array names each failing field.',
  },
  resourceNotFound: {
    code: 1008, status: 404, title: 'Resource not found',
    description: 'No record with this id exists in the collection, and none ever did.',
  },
  resourceGone: {
    code: 1009, status: 410, title: 'Resource gone',
    description: 'The record was deleted. Its id will not be used again.',
  },
  methodNotAllowed: {
    code: 1010, status: 405, title: 'Method not allowed',
    description: 'The path exists but does not support this HTTP method. The Allow header lists the methods it supports.',
  },
  notAcceptable: {
    code: 1011, status: 406, title: 'Not acceptable',
    description: 'The Accept header excludes application/json, the only format this API produces.',
  },
  unsupportedMediaType: {
    code: 1012, status: 415, title: 'Unsupported media type',
    description: 'Request bodies must be sent as application/json in UTF-8.',
  },
  payloadTooLarge: {
    code: 1013, status: 413, title: 'Payload too large',
    description: 'The request body is larger than the configured limit.',
  },
  preconditionFailed: {
    code: 1014, status: 412, title: 'Precondition failed',
    description: 'The If-Match header does not match the current ETag of the resource: it was changed since you read it. Nothing was changed.',
  },
  preconditionRequired: {
    code: 1015, status: 428, title: 'Precondition required',
    description: 'This collection requires an If-Match header carrying the ETag you read, so that concurrent writes cannot overwrite each other.',
  },
  authenticationRequired: {
    code: 1016, status: 401, title: 'Authentication required',
    description: 'The request carries no valid access token. Send an OAuth 2.0 bearer token in the Authorization header.',
  },
  accessDenied: {
    code: 1017, status: 403, title: 'Access denied',
    description: 'The access token is valid but does not grant access to this resource. The WWW-Authenticate header names the scope needed.',
  },
  unknownVersion: {
    code: 1018, status: 404, title: 'Unknown API version',
    description: 'Every path starts with a major version such as /v1. The message lists the versions this server offers.',
  },
  routeNotFound: {
    code: 1019, status: 404, title: 'No such endpoint',
    description: 'No endpoint of this API version matches the path.',
  },
  invalidAuthorizationRequest: {
    code: 1020, status: 400, title: 'Invalid authorization request',
    description: 'Credentials were sent in a way this API refuses: a token in the query string or body, or more than one credential.',
  },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCodeName = keyof typeof errorCodes;

const byNumber = new Map<number, ErrorCodeEntry>(Object.values(errorCodes).map((entry) => [entry.code, entry]));

/** Looks up a catalogue entry by its number, e.g. for the page that describes it. */
export function findErrorCode(code: number): ErrorCodeEntry | undefined {
  return byNumber.get(code);
}
