import type { PagingOptions } from '@corral/pagination';
import type { Authenticator, Principal } from '../auth/principal.js';
import type { ExpandSettings } from '../collection/expand-options.js';
import type { CorralRequest, CorralResponse } from '../http/exchange.js';
import type { JobStore } from '../jobs/job-store.js';
import type { FeedSettings } from '../feed/feed-settings.js';
import type { EndpointAbout, RouteAnswers } from './answers.js';

/** Settings of an API that handlers need, fixed when the API is created. */
export interface ApiSettings {
  /** Largest request body in bytes. */
  readonly bodyLimit: number;
  /** Most records one bulk PUT may carry. */
  readonly bulkLimit: number;
  /** Default and maximum page sizes. */
  readonly paging: PagingOptions;
  /** How far `?expand=` may reach. */
  readonly expand: ExpandSettings;
  /** The token checker, or undefined for an open API. */
  readonly auth: Authenticator | undefined;
  /** Background work accepted with `Prefer: respond-async`. */
  readonly jobs: JobStore;
  /** How feeds (`Accept: text/event-stream`) run, and the streams open per client. @hidden */
  readonly feeds: FeedSettings;
}

/**
 * Values hooks attach to one request, typed by declaration merging (as Fastify decorates its
 * request): `declare module '@corral/core' { interface RequestState { tenant?: string } }`. Every
 * request starts with an empty object; handlers, operations, record rules and stores see it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by applications
export interface RequestState {}

/**
 * Who may call a route, enforced by the pipeline before any handler runs: `public` (no token
 * looked at), `authenticated` (any valid token) or a named scope.
 */
export type RouteAccess =
  | 'public'
  | 'authenticated'
  | {
      /** The scope the token must grant. */
      readonly scope: string;
    };

/** What a route does, for hooks and documentation generators. */
export type RouteKind =
  | 'root'
  | 'errorCatalogue'
  | 'errorCode'
  | 'job'
  | 'list'
  | 'create'
  | 'replaceAll'
  | 'deleteAll'
  | 'options'
  | 'read'
  | 'replace'
  | 'patch'
  | 'delete'
  | 'operation'
  | 'plugin';

/** One entry of an API's route table, as hooks, plugins and documentation generators see it. */
export interface RouteInfo {
  /** Upper-case method; HEAD is served by the GET route. */
  readonly method: string;
  /** Pattern below the version prefix, e.g. `/zoos/:parentId/animals/:id`. */
  readonly pattern: string;
  /** Who may call it; checked by the pipeline, never by handlers. */
  readonly access: RouteAccess;
  /** What the route does. */
  readonly kind: RouteKind;
  /** Name of the collection a collection route serves. */
  readonly collection?: string;
  /** True for a collection route reached below its parent (`/<parent>/:parentId/<name>`). */
  readonly nested?: boolean;
  /** Name of the operation an operation route serves. */
  readonly operation?: string;
  /** Name of the plugin that added a plugin route. */
  readonly plugin?: string;
  /**
   * What the route's own code answers, declared where the route is built; documents are made from
   * it. Every route of an API has it (optional here only for route values written by hand, as in tests).
   */
  readonly answers?: RouteAnswers;
  /** What a plugin endpoint says of itself for documents (see `PluginEndpoint.about`). */
  readonly about?: EndpointAbout;
}

/** What every hook sees of a request. The route is absent when no route matches (a 404 or 405 follows). */
export interface RequestContext {
  /** The request as the adapter handed it over. */
  readonly request: CorralRequest;
  /** The request's id, echoed as `X-Request-Id`. */
  readonly requestId: string;
  /** Path prefix of the API version the request addresses, e.g. `/api/v1`. */
  readonly prefix: string;
  /** The matched route, or undefined. */
  readonly route: RouteInfo | undefined;
  /** The caller once authentication ran (from `preHandler` on); undefined before or without a token. */
  readonly principal: Principal | undefined;
  /** Values hooks attach to this request. */
  readonly state: RequestState;
  /** Fires when the client goes away before its answer is written; made on first use. */
  readonly signal: AbortSignal | undefined;
  /**
   * True while a stored job runs (accepted earlier with `Prefer: respond-async`): the client's
   * request was already admitted, so limits should not count it again.
   */
  readonly fromJob: boolean;
  /** Address of the client as the connection shows it (a proxy's, behind one); undefined when unknown. */
  readonly remoteAddress: string | undefined;
}

/** The part of a request's context that record rules, list filters and operations see. */
export type CallerContext = Pick<RequestContext, 'request' | 'requestId' | 'state' | 'signal'>;

/** What a route handler (and a `preHandler` hook) receives for one request. */
export interface HandlerContext extends RequestContext {
  readonly route: RouteInfo;
  /** Percent-decoded values of the pattern's `:name` segments. */
  readonly params: Readonly<Record<string, string>>;
  /** The API's fixed settings. */
  readonly settings: ApiSettings;
}

export type Handler = (context: HandlerContext) => Promise<CorralResponse>;

/** A route of one API version, relative to its prefix: its table entry and how it is served. */
export interface RouteDefinition extends RouteInfo {
  readonly answers: RouteAnswers;
  readonly handler: Handler;
  /** The handler validates the query string itself; otherwise any query parameter is refused (400). */
  readonly checksQuery?: boolean;
  /** Media type of a successful answer, for Accept negotiation (default application/json; `*\/*` skips it). */
  readonly produces?: string;
  /**
   * Another media type the handler answers in when the request asks for it by name (a feed's
   * `text/event-stream`); Accept negotiation lets it through.
   */
  readonly alsoProduces?: string;
}
