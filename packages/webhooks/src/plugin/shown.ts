import type { WebhookSubscription } from '@corral/core';

/** The path of a subscription below the version prefix. */
export const subscriptionPath = (prefix: string, id: string) => `${prefix}/webhooks/${encodeURIComponent(id)}`;

/** The tag of a subscription's version, for ETag and If-Match. */
export const subscriptionEtag = (subscription: WebhookSubscription) => `"v${subscription.version}"`;

/** A subscription as its owner sees it: never its secrets, principal or delivery internals. */
export function shownSubscription(prefix: string, subscription: WebhookSubscription) {
  const { id, url, events, filter, status, disabledReason, createdAt, updatedAt, version, position } = subscription;
  const path = subscriptionPath(prefix, id);
  return {
    id,
    url,
    events,
    ...(filter ? { filter } : {}),
    status,
    ...(disabledReason ? { disabledReason } : {}),
    createdAt,
    updatedAt,
    version,
    position,
    ...(subscription.failing ? { failing: subscription.failing } : {}),
    ...(subscription.deadLetteringSince ? { deadLetteringSince: subscription.deadLetteringSince } : {}),
    links: [
      { rel: 'self', href: path },
      { rel: 'deliveries', href: `${path}/deliveries` },
      { rel: 'dead-letters', href: `${path}/dead-letters` },
    ],
  };
}
