import { ApiError, type ChangeEvents, type PluginEndpoint } from '@corral/core';
import { parsePaging } from '@corral/pagination';
import { newWebhookSecret } from '../signature.js';
import { deliveryEndpoints } from './delivery-endpoints.js';
import { checkEvents, checkUrl, readBody } from './input.js';
import { answers, etagHeader, webhookAbout, webhookBodies } from './endpoint-docs.js';
import {
  type EndpointSettings,
  expectedVersion,
  json,
  missing,
  ownerOf,
  routeKit,
  subscriptionId,
} from './route-kit.js';
import { webhookCreateBody, webhookPatchBody } from './schemas.js';
import { shownSubscription, subscriptionEtag, subscriptionPath } from './shown.js';

/** The routes of `/webhooks`, each for its owner only. */
export function webhookEndpoints(settings: EndpointSettings, events: ChangeEvents): PluginEndpoint[] {
  const { store, destination, now } = settings;
  const { access, owned, one, paged } = routeKit(settings);

  return [
    {
      method: 'POST',
      path: '/webhooks',
      access,
      about: webhookAbout.create,
      answers: answers(
        201,
        'The subscription, with its signing secret shown this once',
        [400, 403, 413, 415, 422],
        webhookBodies.created,
        {
          Location: { description: 'The URL of the new subscription', schema: { type: 'string' }, required: true },
          ...etagHeader,
        },
      ),
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
            // Nothing that happened before the subscription is sent: see ChangeLog.position.
            position: await events.collections[0]!.log.position({ fresh: true, settled: true }),
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
      about: webhookAbout.list,
      answers: answers(200, "The caller's subscriptions, a page at a time", [400], webhookBodies.subscriptions),
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
      about: webhookAbout.get,
      answers: answers(200, 'The subscription', [404], webhookBodies.subscription, etagHeader),
      handler: async (context) => one(context, await owned(context)),
    },
    {
      method: 'PATCH',
      path: '/webhooks/:id',
      access,
      about: webhookAbout.patch,
      answers: answers(
        200,
        'The subscription as changed',
        [400, 403, 404, 412, 413, 415, 422, 431],
        webhookBodies.subscription,
        etagHeader,
      ),
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
      about: webhookAbout.delete,
      answers: answers(204, 'Deleted, with its delivery history', [404, 412, 431]),
      async handler(context) {
        const expected = expectedVersion(context);
        const id = subscriptionId(context);
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
    ...deliveryEndpoints(settings),
  ];
}
