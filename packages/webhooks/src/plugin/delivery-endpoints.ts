import { ApiError, type DeadLetter, type PluginEndpoint } from '@corral/core';
import { parsePaging } from '@corral/pagination';
import { newWebhookSecret } from '../signature.js';
import { readBody } from './input.js';
import { answers, etagHeader, webhookAbout, webhookBodies } from './endpoint-docs.js';
import { type EndpointSettings, json, missing, ownerOf, routeKit } from './route-kit.js';
import { webhookResendBody } from './schemas.js';
import { shownSubscription, subscriptionEtag } from './shown.js';

/** A dead letter as its owner sees it: the event given up on, without the body kept to send it again. */
const shownLetter = ({ payload: _payload, ...letter }: DeadLetter) => letter;

/** A subscription's secret rotation, its delivery attempts, its dead letters, and events sent again. */
export function deliveryEndpoints(settings: EndpointSettings): PluginEndpoint[] {
  const { store, now } = settings;
  const { access, owned, paged } = routeKit(settings);
  return [
    {
      method: 'POST',
      path: '/webhooks/:id/secret',
      access,
      about: webhookAbout.rotate,
      answers: answers(
        200,
        'A new signing secret, shown this once; the old one signs too for a grace period',
        [404, 412],
        webhookBodies.rotated,
        etagHeader,
      ),
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
      about: webhookAbout.attempts,
      answers: answers(200, 'Delivery attempts, newest first, a page at a time', [400, 404], webhookBodies.attempts),
      async handler(context) {
        const current = await owned(context);
        const page = paged(context, 'deliveries');
        const found = await store.attempts(current.id, parsePaging(context.request.query, context.settings.paging));
        return page([...found.items], found.total);
      },
    },
    {
      method: 'GET',
      path: '/webhooks/:id/dead-letters',
      access,
      checksQuery: true,
      about: webhookAbout.deadLetters,
      answers: answers(
        200,
        'Events given up on, newest first, a page at a time',
        [400, 404],
        webhookBodies.deadLetters,
      ),
      async handler(context) {
        const current = await owned(context);
        const page = paged(context, 'deadLetters');
        const found = await store.deadLetters(current.id, parsePaging(context.request.query, context.settings.paging));
        return page(found.items.map(shownLetter), found.total);
      },
    },
    {
      method: 'POST',
      path: '/webhooks/:id/deliveries',
      access,
      about: webhookAbout.resend,
      answers: answers(202, 'The event will be sent again', [400, 404, 413, 415, 422, 429], webhookBodies.queued),
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
