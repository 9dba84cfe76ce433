import type { PagingOptions } from '@corral/pagination';
import type { Authenticator, Principal } from '../auth/principal.js';
import type { CorralRequest, CorralResponse } from '../http/exchange.js';
import type { JobStore } from './job-store.js';

/** Settings of an API that handlers need, fixed when the API is created. */
export interface ApiSettings {
  readonly bodyLimit: number;
  /** Most records one bulk PUT may carry. */
  readonly bulkLimit: number;
  readonly paging: PagingOptions;
  readonly auth: Authenticator | undefined;
  /** Background work accepted with `Prefer: respond-async`. */
  readonly jobs: JobStore;
}

/** What a route handler receives for one request. */
export interface HandlerContext {
  readonly request: CorralRequest;
  readonly params: Readonly<Record<string, string>>;
  /** Path prefix of this API version, e.g. `/api/v1`. */
  readonly prefix: string;
  readonly principal: Principal | undefined;
  readonly settings: ApiSettings;
}

export type Handler = (context: HandlerContext) => Promise<CorralResponse>;

/** A route of one API version, relative to its prefix. `public` routes skip authentication. */
export interface RouteDefinition {
  readonly method: string;
  readonly pattern: string;
  readonly handler: Handler;
  readonly public?: boolean;
  /** The handler validates the query string itself; otherwise any query parameter is refused (400). */
  readonly checksQuery?: boolean;
  /** Media type of a successful answer, for Accept negotiation (default application/json; `*\/*` skips it). */
  readonly produces?: string;
}
