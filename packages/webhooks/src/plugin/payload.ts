import type { ChangeEvents, EventViewer, LoggedChange, WebhookSubscription } from '@corral/core';

/** The `webhook-id` of an event to a subscription: the same on every attempt and resend, no `.` in it. */
export const webhookIdOf = (subscription: string, position: string) =>
  `msg_${subscription}_${position}`.replace(/[^A-Za-z0-9_-]/g, '_');

/** Whether a subscription's event names take `<collection>.<kind>`. */
export function wants(events: readonly string[], collection: string, kind: string): boolean {
  return events.includes(`${collection}.${kind}`) || events.includes(`${collection}.*`);
}

/**
 * Builds the bodies a subscription receives: only events a GET with its scopes would show (the
 * feed's view per collection, with its filter), named by its event list.
 */
export function payloads(subscription: WebhookSubscription, events: ChangeEvents) {
  const { principal } = subscription;
  const caller = { ...principal, scopes: new Set(subscription.scopes) };
  const viewers = new Map<string, EventViewer | undefined>();
  const viewerOf = (collection: string) => {
    if (!viewers.has(collection)) {
      const named = subscription.events.some((event) => event.startsWith(`${collection}.`));
      let viewer: EventViewer | undefined;
      try {
        viewer = named ? events.viewer(collection, caller, subscription.filter) : undefined;
      } catch {
        viewer = undefined; // a filter the collection no longer takes sends nothing
      }
      viewers.set(collection, viewer);
    }
    return viewers.get(collection);
  };
  /** The body for the change, or undefined when the subscription gets nothing for it. */
  return async (change: LoggedChange): Promise<string | undefined> => {
    const viewer = viewerOf(change.collection);
    if (!viewer) return undefined;
    const data = await viewer(change);
    if (data === undefined) return undefined;
    const kind = (JSON.parse(data) as { type: string }).type;
    if (!wants(subscription.events, change.collection, kind)) return undefined;
    const type = JSON.stringify(`${change.collection}.${kind}`);
    return `{"type":${type},"timestamp":"${change.at.toISOString()}","data":${data}}`;
  };
}
