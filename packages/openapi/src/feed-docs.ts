import { inputLimits, type AnyCollection, type RouteKind } from '@corral/core';
import { ref, type JsonSchema } from './json-schema.js';

type Operation = Record<string, unknown>;
type Response = Record<string, unknown>;

/** A feed position: opaque to clients, who only send back the last one they saw. */
const positionSchema = { type: 'string', maxLength: inputLimits.conditionHeaderLength };

/** The request header that resumes a feed after the position a client saw last. */
export const lastEventIdParameter = {
  name: 'Last-Event-ID',
  in: 'header',
  required: false,
  description:
    'With Accept: text/event-stream, resumes the feed after this position (the id of the last event seen, or the Last-Event-ID of a page or write answer): every change after it comes once, in order. A position the feed no longer keeps, or not a position, gets a reset event first.',
  schema: positionSchema,
};

/** The response header giving the feed position an answer was read at (or a write was made at). */
const lastEventIdHeader = {
  description:
    'The feed position of this answer: send it as Last-Event-ID on a text/event-stream GET of this list or record to get every change after it.',
  schema: positionSchema,
};

/** Schemas every feed shares: a reset (read again) and the end of a stream whose token expired. */
export const feedSchemas: Record<string, JsonSchema> = {
  FeedReset: {
    type: 'object',
    description:
      'event: reset. The position sent was too old or not a position: read the list or record again, then go on from the id of this event.',
    properties: {
      type: { type: 'string', enum: ['reset'] },
      reason: { type: 'string', description: 'Why the feed could not resume' },
    },
    required: ['type', 'reason'],
    additionalProperties: false,
  },
  FeedExpired: {
    type: 'object',
    description:
      'event: expired, the last of its stream. The token ran out: reconnect with a new one and the id of the last event.',
    properties: { type: { type: 'string', enum: ['expired'] } },
    required: ['type'],
    additionalProperties: false,
  },
};

/** The data of a created, updated or deleted event of one collection's feed. */
export function changeSchema(collection: AnyCollection, name: string): JsonSchema {
  return {
    type: 'object',
    description: `event: created, updated or deleted, for a record of ${collection.name}. A deleted event carries no record.`,
    properties: {
      type: { type: 'string', enum: ['created', 'updated', 'deleted'] },
      collection: { type: 'string', enum: [collection.name] },
      id: { type: 'string', maxLength: inputLimits.pathParameterLength },
      version: { type: 'integer', minimum: 1, description: 'The version after the change (a delete: the last one)' },
      etag: { type: 'string', description: "The record's ETag after the change, for a later If-Match" },
      at: { type: 'string', format: 'date-time', description: 'When the change was committed' },
      matches: {
        type: 'boolean',
        description: 'Whether the record belongs to the list (its filters, parent, search) after the change',
      },
      record: {
        anyOf: [ref(name), ref(`${name}Partial`)],
        description: 'The record as a GET gives it (shaped by fields and expand); absent on deleted',
      },
    },
    required: ['type', 'collection', 'id', 'version', 'etag', 'at', 'matches'],
    additionalProperties: false,
  };
}

/** The `text/event-stream` content of a list or record GET: one JSON object per event, on its data line. */
function eventStream(name: string): Record<string, unknown> {
  return {
    'text/event-stream': {
      schema: {
        description:
          "With Accept: text/event-stream, the list or record as a feed of server-sent events, each with an id (its position), an event name and one data line holding the JSON described here; a comment every 15 s keeps the stream open, and a retry field says how soon to reconnect. Paging and sort parameters are ignored. Browsers' EventSource cannot send a token: read it with fetch.",
        oneOf: [ref(`${name}Change`), ref('FeedReset'), ref('FeedExpired')],
      },
    },
  };
}

const withHeader = (response: Response): Response => ({
  ...response,
  headers: { ...(response.headers as object | undefined), 'Last-Event-ID': lastEventIdHeader },
});

const writes: ReadonlySet<RouteKind> = new Set(['create', 'replace', 'patch', 'delete', 'replaceAll', 'deleteAll']);

/**
 * A collection operation with what its feed adds: a list or record GET answers its feed too
 * (`text/event-stream` on its 200), takes Last-Event-ID, and gives the position of what it read;
 * a write's success gives the position of its change. A 202 (a job accepted) changed nothing yet.
 */
export function withFeed(operation: Operation, kind: RouteKind, name: string): Operation {
  const read = kind === 'list' || kind === 'read';
  if (!read && !writes.has(kind)) return operation;
  const responses = Object.fromEntries(
    Object.entries(operation.responses as Record<string, Response>).map(([status, response]) => {
      const code = Number(status);
      if (read && code === 200)
        return [
          status,
          withHeader({ ...response, content: { ...(response.content as object), ...eventStream(name) } }),
        ];
      if ((read && code === 304) || (!read && code >= 200 && code < 300 && code !== 202))
        return [status, withHeader(response)];
      return [status, response];
    }),
  );
  const parameters = read
    ? [...((operation.parameters as unknown[] | undefined) ?? []), lastEventIdParameter]
    : operation.parameters;
  return { ...operation, ...(parameters ? { parameters } : {}), responses };
}
