import { z } from 'zod';

/** An event name: `<collection>.created`, `.updated`, `.deleted`, or `.*` for all three. */
export const webhookEventName = z
  .string()
  .max(128)
  .regex(
    /^[A-Za-z][A-Za-z0-9_-]*\.(created|updated|deleted|\*)$/,
    'an event is <collection>.created, .updated, .deleted or .*',
  );

/** The body of `POST /webhooks`. */
export const webhookCreateBody = z.strictObject({
  url: z
    .string()
    .min(1)
    .max(2048)
    .describe('Where events are POSTed: https, at an address the API may call (never an inside network)'),
  events: z
    .array(webhookEventName)
    .min(1)
    .max(100)
    .describe('Events to receive: <collection>.created, .updated, .deleted, or .* for all three'),
  filter: z
    .record(z.string().max(128), z.union([z.string().max(1024), z.number(), z.boolean()]))
    .optional()
    .describe(
      "Query parameters of the collection's declared filters (e.g. species: lion) the record must match; only when the events name one collection",
    ),
});

/** The body of `PATCH /webhooks/{id}`: any of the fields; `filter: null` removes it; `status` re-enables or pauses. */
export const webhookPatchBody = z.strictObject({
  url: webhookCreateBody.shape.url.optional(),
  events: webhookCreateBody.shape.events.optional(),
  filter: webhookCreateBody.shape.filter.unwrap().nullable().optional(),
  status: z.enum(['active', 'disabled']).optional().describe('Pause (disabled) or resume (active) deliveries'),
});

/** The body of `POST /webhooks/{id}/deliveries`: the event's position (as in `Last-Event-ID`) to send again. */
export const webhookResendBody = z.strictObject({
  position: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\x21-\x7e]+$/, 'A position is printable ASCII without spaces')
    .describe("The event's position, as an attempt or dead letter names it"),
});

/** The answer of `POST /webhooks/{id}/deliveries`: the event is queued to be sent again. */
export const webhookResendAnswer = z.object({ position: z.string(), status: z.literal('queued') });

const link = z.object({ rel: z.string(), href: z.string() });

/** A time as the API writes it (ISO 8601, UTC). */
const time = z.string().meta({ format: 'date-time' });

/** A subscription as the API shows it (never its secrets). */
export const webhookSubscriptionSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  filter: z.record(z.string(), z.unknown()).optional(),
  status: z
    .enum(['active', 'disabled'])
    .describe('disabled after a 410, events dead-lettered for days, or by its owner'),
  disabledReason: z.string().optional(),
  createdAt: time,
  updatedAt: time,
  version: z.number().int().describe('Grows with every change; the ETag is "v<version>", for If-Match'),
  position: z.string().describe('The change log position delivered through'),
  failing: z
    .object({ position: z.string(), attempts: z.number().int(), firstFailedAt: time, nextAttemptAt: time })
    .optional()
    .describe('The event being retried, which later events wait behind'),
  deadLetteringSince: time.optional().describe('Since when every event has been dead-lettered'),
  links: z.array(link),
});

/** The answer of a create and of a secret rotation: the subscription with its signing secret, shown once. */
export const webhookWithSecretSchema = webhookSubscriptionSchema.extend({
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/)
    .describe('The signing secret (whsec_ and base64): shown this once, keep it to verify deliveries'),
});

/** The answer of a secret rotation: the new secret, and until when the old one still signs. */
export const webhookRotatedSchema = webhookWithSecretSchema.extend({
  previousSecretExpiresAt: time.describe('Until when deliveries are signed with the old secret too'),
});

/** One delivery attempt, as `GET /webhooks/{id}/deliveries` lists it. */
export const webhookAttemptSchema = z.object({
  at: time,
  position: z.string(),
  webhookId: z.string(),
  status: z.number().int().optional().describe("The receiver's HTTP status; absent when none came"),
  durationMs: z.number(),
  error: z.string().optional().describe('Why it failed without an answer (timeout, refused connection, destination)'),
  excerpt: z.string().optional().describe("The start of the receiver's answer"),
});

/** One event given up on, as `GET /webhooks/{id}/dead-letters` lists it. */
export const webhookDeadLetterSchema = z.object({
  position: z.string(),
  at: time,
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
