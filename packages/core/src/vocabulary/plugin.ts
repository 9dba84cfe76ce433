import type { AppErrorCodes } from '@corral/errors';
import type { ExpandSettings } from '../collection/expand-options.js';
import type { PagingOptions } from '@corral/pagination';
import type { AnyCollection } from '../collection/define-collection.js';
import type { AnyOperation } from '../operation/define-operation.js';
import type { EndpointAbout, HeaderDoc, RouteAnswers } from './answers.js';
import type { ChangeEvents } from '../feed/change-events.js';
import type { HandlerContext, RouteAccess, RouteInfo } from './context.js';
import type { CorralResponse } from '../http/exchange.js';
import type { ApiHooks } from './hooks.js';

/** What a plugin learns about one API version when the API is created. */
export interface VersionDescription {
  /** Title of the API as configured, for page headings. */
  readonly title: string;
  /** Major version number this description covers. */
  readonly version: number;
  /** Path prefix of the version, e.g. `/api/v1`. */
  readonly prefix: string;
  /** Path the whole API is mounted under (`''` when none), shared by all versions. */
  readonly basePath: string;
  /** Public origin (e.g. `https://zoo.example`), or '' when not configured. */
  readonly origin: string;
  /** Every major version the API serves, so a plugin can link to its siblings. */
  readonly versions: readonly number[];
  /** Collections declared for this version, in declaration order. */
  readonly collections: readonly AnyCollection[];
  /** Operations declared for this version, in declaration order. */
  readonly operations: readonly AnyOperation[];
  /** The scopes the API's collections and operations use, and (for pages) those of plugin endpoints. */
  readonly scopes: readonly string[];
  /** The API's paging settings, with their defaults filled in. */
  readonly paging: Required<PagingOptions>;
  /** Most records one bulk PUT may carry. */
  readonly bulkLimit: number;
  /** How far `?expand=` may reach. */
  readonly expand: ExpandSettings;
  /** True when the API checks access tokens. */
  readonly secured: boolean;
  /**
   * The version's route table (without plugin pages): each route's method, pattern, access and
   * what it serves, exactly as the pipeline routes and guards requests. The description given to
   * {@link ApiPlugin.endpoints} holds the API's own routes; the one given to {@link ApiPlugin.routes}
   * (made once every plugin's endpoints are known) holds those endpoints too, so a document made
   * from it covers everything the version serves.
   */
  readonly routes: readonly DocumentedRoute[];
}

/** What a plugin adds to one route's documentation, because its hooks change how the route behaves. */
export interface RouteDocs {
  /** Request headers the plugin reads, by name. */
  readonly requestHeaders?: Readonly<Record<string, HeaderDoc>>;
  /** Headers the plugin adds to every answer of the route, by name. */
  readonly responseHeaders?: Readonly<Record<string, HeaderDoc>>;
  /** Answers the plugin may give instead of the route's own, by status (error bodies in the contract's shape). */
  readonly responses?: Readonly<Record<string, ResponseDoc>>;
  /**
   * The answer the plugin gives itself to an OPTIONS request on the route's path before any route
   * runs (a CORS preflight), with its status; it has no body.
   */
  readonly preflight?: PreflightDoc;
}

/** The answer a plugin gives itself to an OPTIONS request before any route runs (a CORS preflight). */
export interface PreflightDoc extends ResponseDoc {
  /** Its status, e.g. 204. */
  readonly status: number;
}

/** An answer a plugin may give, for the documentation. */
export interface ResponseDoc {
  /** When and why the answer is given. */
  readonly description: string;
  /** Headers sent with it, by name. */
  readonly headers?: Readonly<Record<string, HeaderDoc>>;
}

/** A route of the table with what plugins document about it. */
export interface DocumentedRoute extends RouteInfo {
  readonly answers: RouteAnswers;
  /** One entry per plugin that documents something for this route. */
  readonly docs: readonly RouteDocs[];
}

/** A page a plugin serves: any content type, text or bytes. */
export interface PluginPage {
  /** HTTP status; 200 when omitted. */
  readonly status?: number;
  /** Sent as the `content-type` header. */
  readonly contentType: string;
  /** Page content, sent as is. */
  readonly body: string | Uint8Array;
  /** Extra headers such as `cache-control`; applied after `contentType`, so they win. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A public GET path below the version prefix, e.g. `/openapi.json` or `/docs/:file`. */
export interface PluginRoute {
  /** Route pattern below the version prefix; `:name` segments become handler params. */
  readonly path: string;
  /** What the page is, for content negotiation (e.g. `text/html`). */
  readonly contentType: string;
  /**
   * Builds the page for one request. Routes are public, so no principal is passed.
   *
   * @param params - Percent-decoded values of the `:name` segments of {@link PluginRoute.path}.
   */
  handler(params: Readonly<Record<string, string>>): PluginPage | Promise<PluginPage>;
  /**
   * What the page answers, for hooks and documentation (the pipeline's own answers are added for
   * it); a 200 with the page when omitted.
   */
  readonly answers?: RouteAnswers;
}

/**
 * A route a plugin serves as the API serves its own: any method, authenticated and scope-checked
 * by the pipeline (`access`), run through every hook, answering in the API's error shapes.
 */
export interface PluginEndpoint {
  /** Upper-case method: GET (which serves HEAD too), POST, PUT, PATCH or DELETE. */
  readonly method: string;
  /** Route pattern below the version prefix; `:name` segments become `context.params`. */
  readonly path: string;
  /** Who may call it, checked before the handler runs. */
  readonly access: RouteAccess;
  /** What the handler answers, for hooks and documentation. */
  readonly answers: RouteAnswers;
  /** Serves one request; throw an ApiError to refuse it. */
  handler(context: HandlerContext): Promise<CorralResponse>;
  /** The handler reads the query string itself; otherwise any query parameter is refused (400). */
  readonly checksQuery?: boolean;
  /**
   * What it is and reads (name, summary, body, parameters), for documents. Without it a document
   * still lists the endpoint, with a name made of its method and path and no request body.
   */
  readonly about?: EndpointAbout;
}

/** What a plugin serving endpoints gets besides the version's description. */
export interface EndpointTools {
  /** The feed's events of the version's collections, as a given caller would see them. */
  readonly events: ChangeEvents;
}

/**
 * Extends an API without changing Corral: public pages built from its declarations (OpenAPI,
 * docs), hooks into every request and the API's life cycle (CORS, rate limits, tracing), or both.
 */
export interface ApiPlugin {
  /** Short identifier of the plugin, e.g. `openapi`. */
  readonly name: string;
  /**
   * Called once per version when the API is created, after every plugin's {@link ApiPlugin.endpoints}
   * (so the description's routes include them); the returned routes are served under that version's
   * prefix without authentication.
   */
  routes?(version: VersionDescription): readonly PluginRoute[];
  /**
   * Called once per version when the API is created; the returned endpoints are served under that
   * version's prefix like the API's own routes (access checked, hooks run).
   */
  endpoints?(version: VersionDescription, tools: EndpointTools): readonly PluginEndpoint[];
  /** Hooks the plugin adds; they run after the application's own, in plugin order. */
  readonly hooks?: ApiHooks;
  /**
   * Error codes the plugin throws (from `defineErrorCodes`, in the application range), registered
   * with the application's own: served on the error pages and refused at startup when a number or
   * name is already taken.
   */
  readonly errorCodes?: AppErrorCodes;
  /**
   * What the plugin's hooks add to a route's documentation (a 429 answer, rate-limit headers, an
   * `Idempotency-Key` header); documentation plugins read it from {@link VersionDescription.routes}.
   */
  describeRoute?(route: RouteInfo & { readonly version: number }): RouteDocs | undefined;
}
