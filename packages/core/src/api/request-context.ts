import type { Principal } from '../auth/principal.js';
import type { CorralRequest } from '../http/exchange.js';
import type { ApiSettings, HandlerContext, RequestState, RouteInfo } from '../vocabulary/context.js';

/**
 * One object per request carries everything hooks and handlers see. Its fields fill in as the
 * request advances: the route and params once matched, the principal once authenticated.
 */
export class PipelineContext implements HandlerContext {
  route!: RouteInfo;
  params: Readonly<Record<string, string>> = {};
  principal: Principal | undefined;
  private stateObject: RequestState | undefined;

  constructor(
    readonly request: CorralRequest,
    readonly requestId: string,
    public prefix: string,
    readonly settings: ApiSettings,
    readonly fromJob: boolean,
  ) {}

  /** Made on first use: most requests never carry state. */
  get state(): RequestState {
    return (this.stateObject ??= {});
  }

  get signal(): AbortSignal | undefined {
    return this.request.signal;
  }

  get remoteAddress(): string | undefined {
    return this.request.remoteAddress;
  }
}
