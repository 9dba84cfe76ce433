import { z } from 'zod';

/** An event name: `<collection>.created`, `.updated`, `.deleted`, or `.*` for all three. */
export const webhookEventName = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_-]*\.(created|updated|deleted|\*)$/,
    'an event is <collection>.created, .updated, .deleted or .*',
  );

/** The body of `POST /webhooks`. */
export const webhookCreateBody = z.strictObject({
  url: z.string().min(1).max(2048),
  events: z.array(webhookEventName).min(1).max(100),
  filter: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});

/** The body of `PATCH /webhooks/{id}`: any of the fields; `filter: null` removes it; `status` re-enables or pauses. */
export const webhookPatchBody = z.strictObject({
  url: webhookCreateBody.shape.url.optional(),
  events: webhookCreateBody.shape.events.optional(),
  filter: webhookCreateBody.shape.filter.unwrap().nullable().optional(),
  status: z.enum(['active', 'disabled']).optional(),
});

/** The body of `POST /webhooks/{id}/deliveries`: the event's position (as in `Last-Event-ID`) to send again. */
export const webhookResendBody = z.strictObject({ position: z.string().min(1).max(100) });

const link = z.object({ rel: z.string(), href: z.string() });

/** A subscription as the API shows it (never its secrets). */
export const webhookSubscriptionSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  filter: z.record(z.string(), z.unknown()).optional(),
  status: z.enum(['active', 'disabled']),
  disabledReason: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
  /** The log position delivered through. */
  position: z.string(),
  failing: z
    .object({ position: z.string(), attempts: z.number().int(), firstFailedAt: z.string(), nextAttemptAt: z.string() })
    .optional(),
  deadLetteringSince: z.string().optional(),
  links: z.array(link),
});

/** The answer of a create and of a secret rotation: the subscription with its signing secret, shown once. */
export const webhookWithSecretSchema = webhookSubscriptionSchema.extend({ secret: z.string() });

/** One delivery attempt, as `GET /webhooks/{id}/deliveries` lists it. */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  position: z.string(),
  webhookId: z.string(),
  status: z.number().int().optional(),
  durationMs: z.number(),
  error: z.string().optional(),
  excerpt: z.string().optional(),
});

/** One event given up on, as `GET /webhooks/{id}/dead-letters` lists it. */
export const webhookDeadLetterSchema = z.object({
  position: z.string(),
  at: z.string(),
  webhookId: z.string(),
  attempts: z.number().int(),
  error: z.string().optional(),
});

/** The JSON a receiver gets: `data` is the feed's event (see docs/realtime.md). */
export const webhookPayloadSchema = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.object({
    type: z.enum(['created', 'updated', 'deleted']),
    collection: z.string(),
    id: z.string(),
    version: z.number().int(),
    etag: z.string(),
    at: z.string(),
    matches: z.boolean(),
    record: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** The routes the plugin serves below a version's prefix, for documents and clients. */
export const webhookRoutes = [
  { method: 'POST', path: '/webhooks', body: webhookCreateBody, answer: webhookWithSecretSchema, status: 201 },
  { method: 'GET', path: '/webhooks', answer: webhookSubscriptionSchema, status: 200, paged: 'webhooks' },
  { method: 'GET', path: '/webhooks/{id}', answer: webhookSubscriptionSchema, status: 200 },
  { method: 'PATCH', path: '/webhooks/{id}', body: webhookPatchBody, answer: webhookSubscriptionSchema, status: 200 },
  { method: 'DELETE', path: '/webhooks/{id}', status: 204 },
  { method: 'POST', path: '/webhooks/{id}/secret', answer: webhookWithSecretSchema, status: 200 },
  { method: 'GET', path: '/webhooks/{id}/deliveries', answer: webhookAttemptSchema, status: 200, paged: 'deliveries' },
  {
    method: 'GET',
    path: '/webhooks/{id}/dead-letters',
    answer: webhookDeadLetterSchema,
    status: 200,
    paged: 'deadLetters',
  },
  { method: 'POST', path: '/webhooks/{id}/deliveries', body: webhookResendBody, status: 202 },
] as const;
