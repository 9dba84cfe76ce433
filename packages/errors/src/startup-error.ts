/**
 * Every code a {@link CorralError} can carry, with its one meaning. A code names a kind of
 * declaration or configuration mistake; it is never reused for another kind (a test keeps the list
 * of codes ever published), so scripts and tests may branch on it instead of on the wording.
 */
export const startupErrorCodes = {
  /** A collection or operation name cannot be used as a URL segment. */
  CORRAL_INVALID_NAME: 'A collection or operation name cannot be used as a URL segment.',
  /** Two collections or operations of one API version share a name. */
  CORRAL_DUPLICATE_NAME: 'Two collections or operations of one API version share a name.',
  /** A collection or operation takes a name the framework serves itself (errors, jobs). */
  CORRAL_RESERVED_NAME: 'A collection or operation takes a name the framework serves itself (errors, jobs).',
  /** A collection option names a field its schema does not have. */
  CORRAL_UNKNOWN_FIELD: 'A collection option names a field its schema does not have.',
  /** A filter takes the name of a paging, sorting or search parameter. */
  CORRAL_RESERVED_PARAMETER: 'A filter takes the name of a paging, sorting or search parameter.',
  /** A filter allows no operator, an unknown one, or a comparison its field has no order for. */
  CORRAL_INVALID_FILTER_OPERATOR:
    'A filter allows no operator, an unknown one, or a comparison its field has no order for.',
  /** A collection asks its store for a list feature (comparison filters) the store does not declare. */
  CORRAL_STORE_LACKS_FEATURE:
    'A collection asks its store for a list feature (comparison filters) the store does not declare.',
  /** A signing key given to the embedded authorization server is not a private ES256 JWK with a kid. */
  CORRAL_INVALID_SIGNING_KEY:
    'A signing key given to the embedded authorization server is not a private ES256 JWK with a kid.',
  /** A relation is declared with an unusable name, field or target collection. */
  CORRAL_INVALID_RELATION: 'A relation is declared with an unusable name, field or target collection.',
  /** A relation leads to a collection the same API version does not serve. */
  CORRAL_RELATION_NOT_IN_VERSION: 'A relation leads to a collection the same API version does not serve.',
  /** A schema declares a field the server sets itself (id, links). */
  CORRAL_RESERVED_FIELD: 'A schema declares a field the server sets itself (id, links).',
  /** A nested collection reachable at the top level lacks its parent key in its schema. */
  CORRAL_PARENT_KEY_NOT_IN_SCHEMA: 'A nested collection reachable at the top level lacks its parent key in its schema.',
  /** A collection is nested below a collection the same API version does not serve. */
  CORRAL_PARENT_NOT_IN_VERSION: 'A collection is nested below a collection the same API version does not serve.',
  /** A collection count policy has an unusable threshold. */
  CORRAL_INVALID_COUNT_POLICY: 'A collection count policy has an unusable threshold.',
  /** A search operation covers a collection that declares no searchable fields. */
  CORRAL_NOT_SEARCHABLE: 'A search operation covers a collection that declares no searchable fields.',
  /** createApi received both `versions` and a single version (`version`, `collections`, `operations`). */
  CORRAL_CONFLICTING_VERSION_OPTIONS:
    'createApi received both `versions` and a single version (`version`, `collections`, `operations`).',
  /** The bulk limit is not a whole number of at least 1. */
  CORRAL_INVALID_BULK_LIMIT: 'The bulk limit is not a whole number of at least 1.',
  /** The expand options are out of range (maxDepth 1 to 5, childLimit 1 to the largest page). */
  CORRAL_INVALID_EXPAND_OPTION:
    'The expand options are out of range (maxDepth 1 to 5, childLimit 1 to the largest page).',
  /** The paging options break 1 <= defaultLimit <= maxLimit. */
  CORRAL_INVALID_PAGING: 'The paging options break 1 <= defaultLimit <= maxLimit.',
  /** The same method and path are declared twice in one router. */
  CORRAL_DUPLICATE_ROUTE: 'The same method and path are declared twice in one router.',
  /** Stored records name parent records that do not exist (found by api.ready()). */
  CORRAL_DANGLING_PARENT_KEY: 'Stored records name parent records that do not exist (found by api.ready()).',
  /** The base path has an empty, "." or ".." segment, or characters a path cannot hold. */
  CORRAL_INVALID_BASE_PATH: 'The base path has an empty, "." or ".." segment, or characters a path cannot hold.',
  /** No API version is configured. */
  CORRAL_NO_VERSION: 'No API version is configured.',
  /** An API version is not a positive whole number. */
  CORRAL_INVALID_VERSION: 'An API version is not a positive whole number.',
  /** An API version is configured more than once. */
  CORRAL_DUPLICATE_VERSION: 'An API version is configured more than once.',
  /** The prefix of a version the API does not serve was asked for. */
  CORRAL_VERSION_NOT_SERVED: 'The prefix of a version the API does not serve was asked for.',
  /** An application error code lies outside the range reserved for applications. */
  CORRAL_ERROR_CODE_OUT_OF_RANGE: 'An application error code lies outside the range reserved for applications.',
  /** An application error code has a status outside 400-599. */
  CORRAL_ERROR_CODE_INVALID_STATUS: 'An application error code has a status outside 400-599.',
  /** An application error code takes the name of a built-in code or of another registered code. */
  CORRAL_ERROR_CODE_NAME_CLASH:
    'An application error code takes the name of a built-in code or of another registered code.',
  /** Two registered error codes share a number. */
  CORRAL_DUPLICATE_ERROR_CODE: 'Two registered error codes share a number.',
  /** An application error code lacks a title or a description. */
  CORRAL_ERROR_CODE_INCOMPLETE: 'An application error code lacks a title or a description.',
  /** oauth() lacks a required option (issuer, audience or algorithms). */
  CORRAL_OAUTH_OPTION_MISSING: 'oauth() lacks a required option (issuer, audience or algorithms).',
  /** oauth() was given a symmetric or unknown signing algorithm. */
  CORRAL_OAUTH_ALGORITHM_REFUSED: 'oauth() was given a symmetric or unknown signing algorithm.',
  /** The issuer given to oauth() is not an absolute URL, or not https off loopback. */
  CORRAL_OAUTH_INVALID_ISSUER: 'The issuer given to oauth() is not an absolute URL, or not https off loopback.',
  /** openApi() documents an API that checks tokens but was given no tokenUrl. */
  CORRAL_OPENAPI_TOKEN_URL_MISSING: 'openApi() documents an API that checks tokens but was given no tokenUrl.',
  /** A database store cannot use a name as a table, schema or column name. */
  CORRAL_INVALID_TABLE_NAME: 'A database store cannot use a name as a table, schema or column name.',
  /** A database store cannot keep, filter, sort or search a field with this name. */
  CORRAL_INVALID_FIELD_NAME: 'A database store cannot keep, filter, sort or search a field with this name.',
  /** A database table was made by a version of the store with another layout. */
  CORRAL_TABLE_LAYOUT_MISMATCH: 'A database table was made by a version of the store with another layout.',
  /** A store is used before init(), i.e. outside any API. */
  CORRAL_STORE_NOT_INITIALIZED: 'A store is used before init(), i.e. outside any API.',
  /** A store was given a transaction of another database. */
  CORRAL_FOREIGN_TRANSACTION: 'A store was given a transaction of another database.',
  /** A node:http feature (listen, nodeHandler, a server) was used on a runtime without node:http. */
  CORRAL_NODE_ONLY: 'A node:http feature (listen, nodeHandler, a server) was used on a runtime without node:http.',
  /** An operation's method and body schema do not go together (POST needs a body schema, GET takes none). */
  CORRAL_INVALID_OPERATION: "An operation's method and body schema do not go together.",
  /** The health or readiness path, or the readiness timeout, given to createApi is not usable. */
  CORRAL_INVALID_HEALTH_OPTION:
    'The health or readiness path, or the readiness timeout, given to createApi is not usable.',
  /**
   * An option of cors() is not usable: an origin that is not scheme://host[:port], a header name
   * with forbidden characters, a max age that is not whole seconds, or credentials for every
   * origin.
   */
  CORRAL_INVALID_CORS_OPTION:
    'An option of cors() is not usable: an origin that is not scheme://host[:port], a header name with forbidden characters, a max age that is not whole seconds, or credentials for every origin.',
  /**
   * A rate-limit policy is not usable: a limit or window that is not a positive whole number, or a
   * policy name with other characters than letters, digits, `_`, `.` and `-`.
   */
  CORRAL_INVALID_RATE_LIMIT:
    'A rate-limit policy is not usable: a limit or window that is not a positive whole number, or a policy name with other characters than letters, digits, `_`, `.` and `-`.',
  /** A duration given to idempotency() (its window or lease) is not a whole number of seconds of at least one. */
  CORRAL_INVALID_IDEMPOTENCY_OPTION:
    'A duration given to idempotency() (its window or lease) is not a whole number of seconds of at least one.',
  /** oauth() was given the issuer's keys both in process (`keys`) and by URL (`jwksUri`). */
  CORRAL_OAUTH_KEYS_CONFLICT: "oauth() was given the issuer's keys both in process (`keys`) and by URL (`jwksUri`).",
  /**
   * A table the application owns, given to a database store, lacks a column a field needs or holds
   * one of another type.
   */
  CORRAL_TABLE_MISMATCH:
    'A table the application owns, given to a database store, lacks a column a field needs or holds one of another type.',
  /** The declarations differ from a table the store made in a way that could lose or bend stored data. */
  CORRAL_SCHEMA_CHANGE_REFUSED:
    'The declarations differ from a table the store made in a way that could lose or bend stored data.',
  /**
   * The TLS options of a server are not usable: a certificate or key that is missing or not PEM,
   * a key that is not the certificate's (or a wrong passphrase), or an unusable HSTS setting.
   */
  CORRAL_INVALID_TLS_OPTION:
    "The TLS options of a server are not usable: a certificate or key that is missing or not PEM, a key that is not the certificate's (or a wrong passphrase), or an unusable HSTS setting.",
} as const;

/** One of the codes in {@link startupErrorCodes}. */
export type StartupErrorCode = keyof typeof startupErrorCodes;

/**
 * Thrown when a declaration or the configuration is wrong, typically while the API is being
 * assembled. `code` is stable; the message explains the particular case.
 */
export class CorralError extends Error {
  /** Fixed so {@link isCorralError} can recognise errors made by another copy of this package. */
  override readonly name = 'CorralError';
  /** Stable code of the kind of mistake, such as `CORRAL_DUPLICATE_NAME`. */
  readonly code: StartupErrorCode;

  constructor(code: StartupErrorCode, message: string, options: { readonly cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

/** True for a {@link CorralError}, also one made by another copy of this package. */
export function isCorralError(value: unknown): value is CorralError {
  return (
    value instanceof CorralError ||
    (value instanceof Error && value.name === 'CorralError' && typeof (value as { code?: unknown }).code === 'string')
  );
}
