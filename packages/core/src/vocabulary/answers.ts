/** A header a route reads or sends, as documentation generators describe it. */
export interface HeaderDoc {
  /** What the header means, for client developers. */
  readonly description: string;
  /** JSON Schema of its value, e.g. `{ type: 'string', maxLength: 255 }`. */
  readonly schema: Readonly<Record<string, unknown>>;
  /**
   * On a request header: true when a request without it is refused. On a response header: true
   * when every such answer carries it, so a validating client may count on it.
   */
  readonly required?: boolean;
}

/**
 * What the body of an answer is, for a documentation generator to name its schema. The first
 * ones belong to the route's collection (`record`, `recordPage`, `bulkResult`) or operation
 * (`operationResult`); `pluginPage` is a plugin's page in the route's content type; the error
 * bodies are those of the error contract; the others are Corral's own bodies.
 */
export type AnswerBody =
  | 'record'
  | 'recordPage'
  | 'bulkResult'
  | 'operationResult'
  | 'pluginPage'
  | 'allowedMethods'
  | 'jobAccepted'
  | 'jobState'
  | 'rootDocument'
  | 'errorCodeList'
  | 'errorCode'
  | 'versionList'
  | 'detailedError'
  | 'authError'
  | 'simpleError';

/** One answer a route can give, as documentation describes it. */
export interface AnswerDoc {
  /** When the answer is given, for client developers. */
  readonly description: string;
  /** What its body is; absent for an answer without a body (204, 304). */
  readonly body?: AnswerBody;
  /** Headers sent with it, by name. */
  readonly headers?: Readonly<Record<string, HeaderDoc>>;
}

/**
 * What a route answers, declared where the route is built. The pipeline's own answers (a bad
 * query, Accept, access, failures) are added for every route by `servedAnswers`; plugins add
 * theirs with `describeRoute`.
 */
export interface RouteAnswers {
  /** The answers of a request that succeeds (2xx, and 304 for a copy that is still current), by status. */
  readonly success: Readonly<Record<number, AnswerDoc>>;
  /** The error statuses the route's own code can give. */
  readonly errors: readonly number[];
}
