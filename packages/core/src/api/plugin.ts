import type { PagingOptions } from '@corral/pagination';
import type { AnyCollection } from '../collection/define-collection.js';
import type { AnyOperation } from '../operation/define-operation.js';

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
  /** The scopes the API's collections and operations use. */
  readonly scopes: readonly string[];
  /** The API's paging settings, with their defaults filled in. */
  readonly paging: Required<PagingOptions>;
  /** Most records one bulk PUT may carry. */
  readonly bulkLimit: number;
  /** True when the API checks access tokens. */
  readonly secured: boolean;
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
}

/** Adds public pages to every version of an API, built from its declarations (OpenAPI, docs...). */
export interface ApiPlugin {
  /** Short identifier of the plugin, e.g. `openapi`. */
  readonly name: string;
  /**
   * Called once per version when the API is created; the returned routes are served under that
   * version's prefix without authentication.
   */
  routes(version: VersionDescription): readonly PluginRoute[];
}
