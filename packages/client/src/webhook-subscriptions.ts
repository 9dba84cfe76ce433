import type { Link } from './links.js';
import type { UntypedShape } from './shapes.js';
import type { ChangeKind } from './webhook-events.js';

/** An event a subscription can name: `<collection>.<kind>`, or `<collection>.*` for all three kinds. */
export type WebhookEventName<Api extends object = Record<string, UntypedShape>> =
  `${Extract<keyof Api, string>}.${ChangeKind | '*'}`;

/** A webhook subscription as the API shows it (its secret is shown only by `create` and `rotateSecret`). */
export interface WebhookSubscription<Api extends object = Record<string, UntypedShape>> {
  /** The subscription's id. */
  readonly id: string;
  /** Where deliveries are POSTed. */
  readonly url: string;
  /** The events it receives. */
  readonly events: readonly WebhookEventName<Api>[];
  /** The collection's filters the records must match (only when `events` name one collection). */
  readonly filter?: Readonly<Record<string, unknown>>;
  /** `disabled` after a 410 from the receiver, events failing for days, or by its owner. */
  readonly status: 'active' | 'disabled';
  /** Why it was disabled. */
  readonly disabledReason?: string;
  /** When it was made and last changed (ISO 8601). */
  readonly createdAt: string;
  /** When it last changed (ISO 8601). */
  readonly updatedAt: string;
  /** Its links (`self` first), when the API gives them. */
  readonly links?: readonly Link[];
}

/** What `webhooks.create` sends. */
export interface NewWebhook<Api extends object = Record<string, UntypedShape>> {
  /** The receiver's URL (https, and an address the API may call). */
  readonly url: string;
  /** Events to receive, e.g. `['animals.created', 'zoos.*']`. */
  readonly events: readonly WebhookEventName<Api>[];
  /** Query parameters of one collection's declared filters (e.g. `{ species: 'lion' }`). */
  readonly filter?: Readonly<Record<string, unknown>>;
}

/** What `webhooks.update` may change; `filter: null` removes the filter, `status: 'active'` enables it again. */
export interface WebhookChanges<Api extends object = Record<string, UntypedShape>> {
  /** A new destination. */
  readonly url?: string;
  /** New events to send. */
  readonly events?: readonly WebhookEventName<Api>[];
  /** A new filter, or `null` for none. */
  readonly filter?: Readonly<Record<string, unknown>> | null;
  /** Pause (`disabled`) or resume (`active`). */
  readonly status?: 'active' | 'disabled';
}

/** A subscription made, with its signing secret: keep the secret, it is not shown again. */
export interface CreatedWebhook<Api extends object = Record<string, UntypedShape>> {
  /** The subscription as made. */
  readonly subscription: WebhookSubscription<Api>;
  /** The signing secret (`whsec_...`) for `verifyWebhook`. */
  readonly secret: string;
}

/** A new signing secret; the old one keeps signing too for a grace period, so receivers can switch. */
export interface RotatedWebhookSecret<Api extends object = Record<string, UntypedShape>> {
  /** The new signing secret (`whsec_...`). */
  readonly secret: string;
  /** The subscription after the rotation, when the API answered it. */
  readonly subscription: WebhookSubscription<Api> | undefined;
}

/** One attempt to deliver an event, as `webhooks.deliveries` lists it (newest first). */
export interface WebhookDelivery {
  /** When it was made (ISO 8601). */
  readonly at: string;
  /** The event's position: give it to `resend` to send the event again. */
  readonly position: string;
  /** The `webhook-id` it carried. */
  readonly webhookId: string;
  /** The receiver's status; absent when no answer came. */
  readonly status?: number;
  /** How long it took. */
  readonly durationMs: number;
  /** What went wrong, when something did (a timeout, a refused connection, an error status). */
  readonly error?: string;
  /** The start of the receiver's answer. */
  readonly excerpt?: string;
}

/** An event whose retries ran out, as `webhooks.deadLetters` lists it (newest first). */
export interface WebhookDeadLetter {
  /** The event's position: give it to `resend` to send the event again. */
  readonly position: string;
  /** When it was given up on (ISO 8601). */
  readonly at: string;
  /** The `webhook-id` it was sent with (a resend keeps it). */
  readonly webhookId: string;
  /** How many attempts were made. */
  readonly attempts: number;
  /** What the last attempt ended with. */
  readonly error?: string;
}

/** Paging of `list`, `deliveries` and `deadLetters`. */
export interface WebhookPageOptions {
  /** Index of the first entry. */
  readonly offset?: number;
  /** Page size (the server caps it). */
  readonly limit?: number;
  /** Cancels the request. */
  readonly signal?: AbortSignal;
}
