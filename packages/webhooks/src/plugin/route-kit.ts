import {
  ApiError,
  type HandlerContext,
  inputLimits,
  rejectUnknownParameters,
  type WebhookStore,
  type WebhookSubscription,
} from '@corral/core';
import { pageEnvelope, pageLinks, parsePaging } from '@corral/pagination';
import type { DestinationOptions } from '../destination.js';
import { shownSubscription, subscriptionEtag } from './shown.js';

/** What the endpoints need: the store, the destination rules, the scope, the clock and the grace of an old secret. */
export interface EndpointSettings {
  readonly store: WebhookStore;
  readonly destination: DestinationOptions;
  readonly scope: string | undefined;
  readonly now: () => number;
  readonly secretGraceMs: number;
}

/** A JSON answer. */
export const json = (status: number, value: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(value),
});

/** Whose subscriptions a request sees: the token's subject (everyone's alike in an API without tokens). */
export const ownerOf = (context: HandlerContext) => context.principal?.subject ?? '';

/** The 404 of a subscription that does not exist or is someone else's. */
export const missing = (id: string) =>
  new ApiError('resourceNotFound', `Webhook subscription ${JSON.stringify(id)} does not exist`);

/** The If-Match header as a version; 412 when it names none, 431 when absurdly long (as on the API's own routes). */
export function expectedVersion(context: HandlerContext): number | undefined {
  const header = context.request.header('if-match');
  if (header !== undefined && header.length > inputLimits.conditionHeaderLength)
    throw new ApiError(
      'headersTooLarge',
      `The if-match header is longer than ${inputLimits.conditionHeaderLength} characters`,
    );
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"v(\d+)"\s*$/.exec(header);
  if (!match) throw new ApiError('preconditionFailed', 'If-Match names no version of this subscription');
  return Number(match[1]);
}

/**
 * The subscription id in the path. One that no store makes (control characters, or longer than
 * any id) is not found without asking the store: a database may refuse to even compare it.
 */
export function subscriptionId(context: HandlerContext): string {
  const id = context.params.id ?? '';
  if (id.length > 255 || /\p{Cc}/u.test(id)) throw missing(id);
  return id;
}

/** The query parameters of a page: any other is refused, as on the API's own lists. */
const pagingParameters = ['offset', 'limit', 'page', 'per_page'];

/** The means the routes share: their access, the caller's subscription, one shown, a page of items. */
export function routeKit(settings: EndpointSettings) {
  const { store } = settings;
  const owned = async (context: HandlerContext) => {
    const id = subscriptionId(context);
    const found = await store.get(id, ownerOf(context));
    if (!found) throw missing(id);
    return found;
  };
  const one = (context: HandlerContext, subscription: WebhookSubscription, status = 200) =>
    json(status, shownSubscription(context.prefix, subscription), { etag: subscriptionEtag(subscription) });
  const paged = (context: HandlerContext, name: string) => {
    rejectUnknownParameters(context.request.query, pagingParameters);
    const window = parsePaging(context.request.query, context.settings.paging);
    return (items: unknown[], total: number) =>
      json(
        200,
        pageEnvelope(name, items, {
          ...window,
          total,
          links: pageLinks({ path: context.request.path, params: context.request.query, ...window, total }),
        }),
      );
  };
  const access = settings.scope ? { scope: settings.scope } : ('authenticated' as const);
  return { access, owned, one, paged };
}
