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

/** A JSON body that is none of Corral's own (a plugin endpoint's), named so documents can share it. */
export interface NamedSchema {
  /** Its name in documents, e.g. `WebhookSubscription`: one name stands for one schema across the API. */
  readonly name: string;
  /** JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it) of the body. */
  readonly schema: Readonly<Record<string, unknown>>;
}

/** One answer a route can give, as documentation describes it. */
export interface AnswerDoc {
  /** When the answer is given, for client developers. */
  readonly description: string;
  /** What its body is; absent for an answer without a body (204, 304) or with a {@link AnswerDoc.schema}. */
  readonly body?: AnswerBody;
  /** The JSON body of a plugin endpoint's own answer, which is none of Corral's bodies. */
  readonly schema?: NamedSchema;
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

/**
 * What a plugin endpoint is and reads, for documents; the API's own routes are described from
 * their collection and operation declarations instead.
 */
export interface EndpointAbout {
  /** Name of the operation, unique in the API, e.g. `createWebhook`; documents use it as operation id. */
  readonly name: string;
  /** One line saying what the endpoint does. */
  readonly summary: string;
  /** More words, when the summary is not enough. */
  readonly description?: string;
  /** Words for each `:name` segment of the path. */
  readonly pathParameters?: Readonly<Record<string, string>>;
  /** The JSON body it reads (with `required` false when it may be left out). */
  readonly body?: {
    /** What the body is, in the document's words. */
    readonly description: string;
    /** Its schema, under its name in the document. */
    readonly schema: NamedSchema;
    /** False when the request may come without a body (true unless said). */
    readonly required?: boolean;
  };
  /** True when it pages with the API's offset parameters (`offset`/`limit`, `page`/`per_page`). */
  readonly paged?: boolean;
  /** Other query parameters it reads, by name (`required`: refused without it). */
  readonly query?: Readonly<Record<string, HeaderDoc>>;
  /** Request headers it reads, by name (`If-Match`, ...). */
  readonly headers?: Readonly<Record<string, HeaderDoc>>;
}
