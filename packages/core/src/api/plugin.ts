import type { PagingOptions } from '@corral/pagination';
import type { AnyCollection } from '../collection/define-collection.js';
import type { AnyOperation } from '../operation/define-operation.js';

/** What a plugin learns about one API version when the API is created. */
export interface VersionDescription {
  readonly title: string;
  readonly version: number;
  /** Path prefix of the version, e.g. `/api/v1`. */
  readonly prefix: string;
  readonly basePath: string;
  /** Public origin (e.g. `https://zoo.example`), or '' when not configured. */
  readonly origin: string;
  readonly versions: readonly number[];
  readonly collections: readonly AnyCollection[];
  readonly operations: readonly AnyOperation[];
  /** The scopes the API's collections and operations use. */
  readonly scopes: readonly string[];
  /** The API's paging settings, with their defaults filled in. */
  readonly paging: Required<PagingOptions>;
  /** True when the API checks access tokens. */
  readonly secured: boolean;
}

/** A page a plugin serves: any content type, text or bytes. */
export interface PluginPage {
  readonly status?: number;
  readonly contentType: string;
  readonly body: string | Uint8Array;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A public GET path below the version prefix, e.g. `/openapi.json` or `/docs/:file`. */
export interface PluginRoute {
  readonly path: string;
  /** What the page is, for content negotiation (e.g. `text/html`). */
  readonly contentType: string;
  handler(params: Readonly<Record<string, string>>): PluginPage | Promise<PluginPage>;
}

/** Adds public pages to every version of an API, built from its declarations (OpenAPI, docs...). */
export interface ApiPlugin {
  readonly name: string;
  routes(version: VersionDescription): readonly PluginRoute[];
}
