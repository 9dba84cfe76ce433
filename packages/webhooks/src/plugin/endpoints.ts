import {
  ApiError,
  type ChangeEvents,
  type HandlerContext,
  type PluginEndpoint,
  type RouteAnswers,
  type WebhookStore,
} from '@corral/core';
import { pageEnvelope, pageLinks, parsePaging } from '@corral/pagination';
import type { DestinationOptions } from '../destination.js';
import { newWebhookSecret } from '../signature.js';
import { checkEvents, checkUrl, readBody } from './input.js';
import { webhookCreateBody, webhookPatchBody, webhookResendBody } from './schemas.js';
import { shownSubscription, subscriptionEtag, subscriptionPath } from './shown.js';

/** What the endpoints need: the store, the destination rules, the scope, the clock and the grace of an old secret. */
export interface EndpointSettings {
  readonly store: WebhookStore;
  readonly destination: DestinationOptions;
  readonly scope: string | undefined;
  readonly now: () => number;
  readonly secretGraceMs: number;
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(value),
});

const answers = (status: number, description: string, errors: number[]): RouteAnswers => ({
  success: { [status]: { description } },
  errors,
});

const ownerOf = (context: HandlerContext) => context.principal?.subject ?? '';

const missing = (id: string) =>
  new ApiError('resourceNotFound', `Webhook subscription ${JSON.stringify(id)} does not exist`);

/** The If-Match header as a version; 412 when it names none. */
function expectedVersion(context: HandlerContext): number | undefined {
  const header = context.request.header('if-match');
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"v(\d+)"\s*$/.exec(header);
  if (!match) throw new ApiError('preconditionFailed', 'If-Match names no version of this subscription');
  return Number(match[1]);
}

/** The routes of `/webhooks`, each for its owner only. */
export function webhookEndpoints(settings: EndpointSettings, events: ChangeEvents): PluginEndpoint[] {
  const { store, destination, now } = settings;
  const access = settings.scope ? { scope: settings.scope } : ('authenticated' as const);
  const owned = async (context: HandlerContext) => {
    const id = context.params.id ?? '';
    const found = await store.get(id, ownerOf(context));
    if (!found) throw missing(id);
    return found;
  };
  const one = (context: HandlerContext, subscription: Awaited<ReturnType<typeof owned>>, status = 200) =>
    json(status, shownSubscription(context.prefix, subscription), { etag: subscriptionEtag(subscription) });
  const paged = (context: HandlerContext, name: string) => {
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

  return [
    {
      method: 'POST',
      path: '/webhooks',
      access,
      answers: answers(201, 'The subscription, with its signing secret shown this once', [400, 403, 422]),
      async handler(context) {
        const body = await readBody(context, webhookCreateBody);
        checkEvents(body, events, context.principal);
        await checkUrl(body.url, destination);
        const principal = context.principal;
        const secret = newWebhookSecret();
        const created = await store.create(
          {
            owner: ownerOf(context),
            url: body.url,
            events: body.events,
            ...(body.filter ? { filter: body.filter } : {}),
            scopes: [...(principal?.scopes ?? [])],
            principal: principal
              ? {
                  subject: principal.subject,
                  scopes: [...principal.scopes],
                  claims: principal.claims,
                  ...(principal.clientId ? { clientId: principal.clientId } : {}),
                }
              : { subject: '', scopes: [], claims: {} },
            secrets: { current: secret },
            position: await events.collections[0]!.log.position({ fresh: true }),
          },
          now(),
        );
        const shown = { ...shownSubscription(context.prefix, created), secret };
        return json(201, shown, {
          location: subscriptionPath(context.prefix, created.id),
          etag: subscriptionEtag(created),
        });
      },
    },
    {
      method: 'GET',
      path: '/webhooks',
      access,
      checksQuery: true,
      answers: answers(200, "The caller's subscriptions, a page at a time", [400]),
      async handler(context) {
        const page = paged(context, 'webhooks');
        const window = parsePaging(context.request.query, context.settings.paging);
        const found = await store.list(ownerOf(context), window);
        return page(
          found.items.map((item) => shownSubscription(context.prefix, item)),
          found.total,
        );
      },
    },
    {
      method: 'GET',
      path: '/webhooks/:id',
      access,
      answers: answers(200, 'The subscription', [404]),
      handler: async (context) => one(context, await owned(context)),
    },
    {
      method: 'PATCH',
      path: '/webhooks/:id',
      access,
      answers: answers(200, 'The subscription as changed', [400, 403, 404, 412, 422]),
      async handler(context) {
        const current = await owned(context);
        const expected = expectedVersion(context);
        const body = await readBody(context, webhookPatchBody);
        const filter = body.filter === null ? undefined : (body.filter ?? current.filter);
        const events_ = body.events ?? current.events;
        const changesCollections = body.events !== undefined || body.filter !== undefined;
        if (changesCollections) checkEvents({ url: '', events: events_, filter }, events, context.principal);
        if (body.url !== undefined) await checkUrl(body.url, destination);
        const outcome = await store.update(
          current.id,
          ownerOf(context),
          {
            ...(body.url !== undefined ? { url: body.url } : {}),
            ...(body.events !== undefined ? { events: body.events } : {}),
            ...(body.filter !== undefined ? { filter: body.filter } : {}),
            ...(body.status !== undefined ? { status: body.status } : {}),
          },
          { ...(expected !== undefined ? { expectedVersion: expected } : {}), now: now() },
        );
        if (outcome.outcome === 'missing') throw missing(current.id);
        if (outcome.outcome === 'stale')
          throw new ApiError('preconditionFailed', 'The subscription has changed since the version If-Match names');
        return one(context, outcome.subscription);
      },
    },
    {
      method: 'DELETE',
      path: '/webhooks/:id',
      access,
      answers: answers(204, 'Deleted, with its delivery history', [404, 412]),
      async handler(context) {
        const expected = expectedVersion(context);
        const id = context.params.id ?? '';
        const outcome = await store.delete(
          id,
          ownerOf(context),
          expected === undefined ? {} : { expectedVersion: expected },
        );
        if (outcome.outcome === 'missing') throw missing(id);
        if (outcome.outcome === 'stale')
          throw new ApiError('preconditionFailed', 'The subscription has changed since the version If-Match names');
        return { status: 204, headers: {} };
      },
    },
    {
      method: 'POST',
      path: '/webhooks/:id/secret',
      access,
      answers: answers(200, 'A new signing secret, shown this once; the old one signs too for a grace period', [404]),
      async handler(context) {
        const current = await owned(context);
        const secret = newWebhookSecret();
        const expiresAt = new Date(now() + settings.secretGraceMs).toISOString();
        const outcome = await store.update(
          current.id,
          ownerOf(context),
          { secrets: { current: secret, previous: { secret: current.secrets.current, expiresAt } } },
          { expectedVersion: current.version, now: now() },
        );
        if (outcome.outcome !== 'done')
          throw new ApiError('preconditionFailed', 'The subscription changed meanwhile; rotate again');
        const shown = {
          ...shownSubscription(context.prefix, outcome.subscription),
          secret,
          previousSecretExpiresAt: expiresAt,
        };
        return json(200, shown, { etag: subscriptionEtag(outcome.subscription) });
      },
    },
    {
      method: 'GET',
      path: '/webhooks/:id/deliveries',
      access,
      checksQuery: true,
      answers: answers(200, 'Delivery attempts, newest first, a page at a time', [400, 404]),
      async handler(context) {
        const current = await owned(context);
        const page = paged(context, 'deliveries');
        const found = await store.attempts(current.id, parsePaging(context.request.query, context.settings.paging));
        return page([...found.items], found.total);
      },
    },
    {
      method: 'POST',
      path: '/webhooks/:id/deliveries',
      access,
      answers: answers(202, 'The event will be sent again', [404, 422, 429]),
      async handler(context) {
        const current = await owned(context);
        const { position } = await readBody(context, webhookResendBody);
        const outcome = await store.resend(current.id, ownerOf(context), position, now());
        if (outcome === 'missing') throw missing(current.id);
        if (outcome === 'full')
          throw new ApiError('tooManyRequests', 'Too many events wait to be sent again; try once some are sent', {
            headers: { 'retry-after': '60' },
          });
        return json(202, { position, status: 'queued' });
      },
    },
  ];
}
