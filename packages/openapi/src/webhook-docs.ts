import type { AnyCollection } from '@corral/core';
import { pascal } from './collection-schemas.js';
import { ref, type JsonSchema } from './json-schema.js';

type Operation = Record<string, unknown>;

const kinds = ['created', 'updated', 'deleted'] as const;

/** The three Standard Webhooks headers every delivery carries; a receiver checks them before acting. */
const signatureHeaders = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      'The message id: the same on every attempt and resend of one event to one subscription, so a receiver drops duplicates by it. It signs together with the timestamp and the body.',
    schema: { type: 'string', maxLength: 256, pattern: '^[^.]+$' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'When this attempt was sent, in Unix seconds. Refuse a message whose timestamp is far from your clock (5 minutes is usual): it may be a replay.',
    schema: { type: 'string', maxLength: 15, pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64 part of the subscription secret (after `whsec_`). While a rotated secret is in its grace period, both signatures are sent: accept the message when one matches.',
    schema: { type: 'string', maxLength: 1024, pattern: '^v[0-9]+,[A-Za-z0-9+/=]+( v[0-9]+,[A-Za-z0-9+/=]+)*$' },
  },
];

// Retry-After is named in words, not as a response header: the document's response headers are the
// API's own (and come with its CORS headers), while these are answers of the receiver's server.
const slowDown = (what: string) => ({
  description: `${what}: the delivery is tried again later, after the answer's Retry-After (seconds or an HTTP date) when it gives one; the subscription waits behind this event meanwhile.`,
});

/** How the API takes the receiver's answer: only its status counts, and a short excerpt is kept for the deliveries log. */
const receiverAnswers = {
  '2XX': { description: 'Accepted: the delivery is done; the next event of the subscription follows.' },
  '410': { description: 'Gone: the subscription is disabled, with the reason recorded; nothing more is sent.' },
  '429': slowDown('Too many requests'),
  '502': slowDown('Bad gateway'),
  '504': slowDown('Gateway timeout'),
  default: {
    description:
      'Any other status, no answer in time or a refused connection: retried with growing waits for about a day, then dead-lettered (listed in the deliveries, can be sent again) and delivery goes on with the next event.',
  },
};

/** The body of one event kind's webhook: its name, when it was sent, and the feed's change event. */
function payloadSchema(collection: AnyCollection, kind: (typeof kinds)[number]): JsonSchema {
  return {
    type: 'object',
    properties: {
      type: { type: 'string', enum: [`${collection.name}.${kind}`], description: '`<collection>.<kind>`' },
      timestamp: {
        type: 'string',
        format: 'date-time',
        maxLength: 40,
        description: 'When the event was made into a webhook (ISO 8601); the change itself carries `at`',
      },
      data: {
        ...ref(`${pascal(collection.name)}Change`),
        description: `The change as the ${collection.name} feed gives it${kind === 'deleted' ? ', without a record' : ''}`,
      },
    },
    required: ['type', 'timestamp', 'data'],
    additionalProperties: false,
  };
}

/** The webhook a subscription receives for one collection and kind of change. */
function webhookOperation(collection: AnyCollection, kind: (typeof kinds)[number]): Operation {
  const event = `${collection.name}.${kind}`;
  return {
    operationId: `${collection.name}${kind.charAt(0).toUpperCase()}${kind.slice(1)}Webhook`,
    summary: `A ${collection.title} record was ${kind}`,
    description: `Sent to the URL of every subscription whose events include \`${event}\` (or \`${collection.name}.*\`), whose filter the record matches, and whose creator's scopes may read it. Events of one subscription come in the order they were committed; an event is delivered at least once, so drop repeats by webhook-id. Check webhook-signature before acting.`,
    tags: ['webhooks'],
    // The API authenticates itself with the signature, not with a token of yours.
    security: [],
    parameters: signatureHeaders,
    requestBody: {
      required: true,
      content: { 'application/json': { schema: payloadSchema(collection, kind) } },
    },
    responses: receiverAnswers,
  };
}

/** The top-level `webhooks` of the document: one POST per collection and kind of change. */
export function webhookDocs(collections: readonly AnyCollection[]): Record<string, { post: Operation }> {
  return Object.fromEntries(
    collections.flatMap((collection) =>
      kinds.map((kind) => [`${collection.name}.${kind}`, { post: webhookOperation(collection, kind) }]),
    ),
  );
}

/** The tag grouping the webhooks in the docs page. */
export const webhooksTag = (prefix: string) => ({
  name: 'webhooks',
  description: `Subscriptions (${prefix}/webhooks), their deliveries, and the requests the API sends to their URLs, signed as Standard Webhooks 1.0`,
});
