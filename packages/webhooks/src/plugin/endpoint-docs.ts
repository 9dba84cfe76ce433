import { inputLimits, type EndpointAbout, type HeaderDoc, type NamedSchema, type RouteAnswers } from '@corral/core';
import { z } from 'zod';
import {
  webhookAttemptSchema,
  webhookCreateBody,
  webhookDeadLetterSchema,
  webhookPatchBody,
  webhookResendAnswer,
  webhookResendBody,
  webhookRotatedSchema,
  webhookSubscriptionSchema,
  webhookWithSecretSchema,
} from './schemas.js';

/** A zod schema as a named JSON Schema for documents: bodies read as `input`, answers as `output`. */
function named(name: string, schema: z.ZodType, io: 'input' | 'output'): NamedSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return { name, schema: json };
}

/** A page of items in the API's paged envelope, under `key`. */
const page = (key: string, item: z.ZodType) =>
  z.object({
    offset: z.number().int().min(0),
    limit: z.number().int().min(1),
    total: z.number().int().min(0),
    [key]: z.array(item),
    links: z
      .array(z.object({ rel: z.string(), href: z.string() }))
      .describe('nextPage and previousPage, when there are such pages'),
  });

/** The bodies the routes take and give, named once for every route. */
export const webhookBodies = {
  create: named('WebhookCreate', webhookCreateBody, 'input'),
  patch: named('WebhookPatch', webhookPatchBody, 'input'),
  resend: named('WebhookResend', webhookResendBody, 'input'),
  subscription: named('WebhookSubscription', webhookSubscriptionSchema, 'output'),
  created: named('WebhookWithSecret', webhookWithSecretSchema, 'output'),
  rotated: named('WebhookRotatedSecret', webhookRotatedSchema, 'output'),
  subscriptions: named('WebhookSubscriptionPage', page('webhooks', webhookSubscriptionSchema), 'output'),
  attempts: named('WebhookAttemptPage', page('deliveries', webhookAttemptSchema), 'output'),
  deadLetters: named('WebhookDeadLetterPage', page('deadLetters', webhookDeadLetterSchema), 'output'),
  queued: named('WebhookResendQueued', webhookResendAnswer, 'output'),
};

const text = { type: 'string' } as const;

/** The ETag of a subscription's version, sent with every answer that shows one. */
export const etagHeader: Record<string, HeaderDoc> = {
  ETag: { description: 'The version of the subscription ("v<version>"), for If-Match', schema: text, required: true },
};

/** If-Match on a change: refused (412) when the subscription has changed since that version. */
export const ifMatchHeader: Record<string, HeaderDoc> = {
  'If-Match': {
    description: 'Change only if the subscription is still this version (its ETag); else 412',
    schema: { type: 'string', maxLength: inputLimits.conditionHeaderLength },
  },
};

/** What a route answers on success, with its body and headers, and the errors its own code gives. */
export function answers(
  status: number,
  description: string,
  errors: number[],
  body?: NamedSchema,
  headers?: Record<string, HeaderDoc>,
): RouteAnswers {
  return {
    success: { [status]: { description, ...(body ? { schema: body } : {}), ...(headers ? { headers } : {}) } },
    errors,
  };
}

const subscriptionId = { id: 'Id of the webhook subscription' };

/** What each route is and reads, for documents. */
export const webhookAbout = {
  create: {
    name: 'createWebhook',
    summary: 'Subscribe a URL to events',
    description:
      "Answers 201 with the subscription and its signing secret, shown this once. The events must name collections this token may read; a filter is allowed when they name one collection. The subscription keeps the token's scopes and receives only what they may read.",
    body: { description: 'The subscription: its URL, events and optional filter', schema: webhookBodies.create },
  },
  list: {
    name: 'listWebhooks',
    summary: "List the caller's webhook subscriptions",
    description: 'The subscriptions made with tokens of the same subject, a page at a time; never their secrets.',
    paged: true,
  },
  get: {
    name: 'getWebhook',
    summary: 'A webhook subscription',
    description: 'The subscription with its delivery state: where it stands in the change log, an event being retried.',
    pathParameters: subscriptionId,
  },
  patch: {
    name: 'patchWebhook',
    summary: 'Change a webhook subscription',
    description: 'Any of url, events, filter (null removes it) and status (active resumes a disabled subscription).',
    pathParameters: subscriptionId,
    body: { description: 'The fields to change', schema: webhookBodies.patch },
    headers: ifMatchHeader,
  },
  delete: {
    name: 'deleteWebhook',
    summary: 'Delete a webhook subscription',
    description: 'Nothing more is sent to it; its delivery attempts and dead letters go with it.',
    pathParameters: subscriptionId,
    headers: ifMatchHeader,
  },
  rotate: {
    name: 'rotateWebhookSecret',
    summary: "Rotate a subscription's signing secret",
    description:
      'The new secret is shown this once; deliveries are signed with both secrets until the old one expires.',
    pathParameters: subscriptionId,
  },
  attempts: {
    name: 'listWebhookDeliveries',
    summary: "A subscription's delivery attempts, newest first",
    description: "Each attempt's time, the receiver's status, how long it took, and why it failed.",
    pathParameters: subscriptionId,
    paged: true,
  },
  deadLetters: {
    name: 'listWebhookDeadLetters',
    summary: 'Events given up on after their retries, newest first',
    description: 'Each can be sent again by its position (POST to the deliveries).',
    pathParameters: subscriptionId,
    paged: true,
  },
  resend: {
    name: 'resendWebhookEvent',
    summary: 'Send an event again',
    description:
      'Queues the event at a position (of an attempt or a dead letter) to be sent again, after the ones waiting.',
    pathParameters: subscriptionId,
    body: { description: "The event's position", schema: webhookBodies.resend },
  },
} as const satisfies Record<string, EndpointAbout>;
