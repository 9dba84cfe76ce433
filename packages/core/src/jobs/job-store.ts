/** Where a job stands: waiting, being run, or finished either way. */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** The caller a job runs as, in a form that can be stored (scopes as a list). */
export interface StoredPrincipal {
  /** Subject of the credential the request came with. */
  readonly subject: string;
  /** OAuth client that obtained the credential, if known. */
  readonly clientId?: string;
  /** Scopes the credential granted. */
  readonly scopes: readonly string[];
  /** The credential's other claims. */
  readonly claims: Readonly<Record<string, unknown>>;
}

/**
 * The request a job carries out, complete enough for any process of the API to run it later: the
 * handler runs it again as if it had come in without `Prefer: respond-async`.
 */
export interface JobRequest {
  /** Upper-case method, e.g. `PUT`. */
  readonly method: string;
  /** Path with the version prefix (and base path), without the query. */
  readonly path: string;
  /** Raw query string, without `?`. */
  readonly query: string;
  /** The headers the handler reads (lower-case names), such as `content-type` and `if-match`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The request body as text, if it had one. */
  readonly body?: string;
  /** Who asked; the job runs with exactly these rights. */
  readonly principal?: StoredPrincipal;
}

/** A job as the job store keeps it. */
export interface JobRecord {
  /** Opaque, unguessable id, used in `/jobs/{id}`. */
  readonly id: string;
  /** Where it stands. */
  readonly status: JobStatus;
  /** When it was accepted (ISO 8601). */
  readonly createdAt: string;
  /** When it finished (ISO 8601). */
  readonly finishedAt?: string;
  /** The scope the request needed: only callers holding it may see the job. */
  readonly scope: string | undefined;
  /** Who asked: only they may see the job. */
  readonly subject: string | undefined;
  /** The answer the request got when run. */
  readonly result?: JobResult;
}

/** The answer a job's request got. */
export interface JobResult {
  /** Its HTTP status. */
  readonly status: number;
  /** Its JSON body, as text. */
  readonly body?: string;
}

/** What the API hands a job store to run a job with; it resolves with the answer. */
export type JobRunner = (request: JobRequest) => Promise<JobResult>;

/**
 * Keeps and runs work accepted with `Prefer: respond-async`. The memory implementation
 * ({@link memoryJobs}) runs jobs in this process; a database one lets any process of the API run
 * and report them, and keeps them across restarts.
 */
export interface JobStore {
  /**
   * Accepts a request to run later; returns the queued job, or undefined when too much is waiting
   * already (the request is then answered 503 with Retry-After, and nothing changes).
   */
  enqueue(job: {
    readonly request: JobRequest;
    readonly scope: string | undefined;
    readonly subject: string | undefined;
  }): Promise<JobRecord | undefined>;
  /** A job by id; undefined when unknown or forgotten. */
  get(id: string): Promise<JobRecord | undefined>;
  /** Called once by `createApi`: from now on, run queued jobs with `run`. */
  start(run: JobRunner): void;
  /** Called by `api.close()`: stop taking jobs and let running ones finish. */
  close?(): Promise<void>;
}
