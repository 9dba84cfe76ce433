import {
  ApiError,
  type ChangeEvents,
  type EventCollection,
  type HandlerContext,
  type Principal,
  readJsonBody,
} from '@corral/core';
import type { z } from 'zod';
import { checkDestination, type DestinationOptions } from '../destination.js';

/**
 * A JSON body read as the API's own routes read one (415 for another media type or a content
 * coding, 400 for bad JSON or a body that is not an object), then checked against a schema: 422
 * naming each failing field.
 */
export async function readBody<S extends z.ZodType>(context: HandlerContext, schema: S): Promise<z.infer<S>> {
  const patch = context.request.method === 'PATCH';
  const value = await readJsonBody(context.request, context.settings.bodyLimit, { patch });
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ApiError('invalidBody', 'The request body must be a JSON object');
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fieldErrors = parsed.error.issues.map((issue) => ({
    field: fieldName(issue.path.length > 0 ? issue.path : 'keys' in issue ? [(issue.keys as string[])[0] ?? ''] : []),
    message: issue.message,
  }));
  throw new ApiError('validationFailed', `The body is not a webhook subscription: ${fieldErrors[0]?.field}`, {
    fieldErrors,
  });
}

const fieldName = (path: readonly PropertyKey[]) =>
  path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`)).join('');

const invalid = (field: string, message: string) =>
  new ApiError('validationFailed', message, { fieldErrors: [{ field, message }] });

/** What a subscription names, checked against the API and the caller's rights. */
export interface Wanted {
  readonly url: string;
  readonly events: readonly string[];
  readonly filter?: Readonly<Record<string, unknown>> | undefined;
}

/** The URL may be called: https (or allowed http), no inside address (a name not resolving yet passes). */
export async function checkUrl(url: string, options: DestinationOptions): Promise<void> {
  const check = await checkDestination(url, { ...options, atCreation: true });
  if (!check.ok) throw invalid('url', `${check.message}; rule: ${check.reason}`);
  // A URL parser would drop some of these and encode others: the URL kept would not be the one given.
  if (/[\p{Cc}\s]/u.test(url))
    throw invalid('url', 'The URL contains spaces or control characters; percent-encode them');
}

/**
 * The events name collections of the API that share one change log, which the caller may read;
 * a filter only with one collection, and only its declared filters, with values its list takes.
 */
export function checkEvents(
  wanted: Wanted,
  events: ChangeEvents,
  principal: Principal | undefined,
): readonly EventCollection[] {
  const named = new Map<string, EventCollection>();
  for (const [index, event] of wanted.events.entries()) {
    const name = event.slice(0, event.lastIndexOf('.'));
    const collection = events.collections.find((candidate) => candidate.name === name);
    if (!collection)
      throw invalid(`events[${index}]`, `No collection "${name}" offers events; known: ${names(events)}`);
    if (collection.log !== events.collections[0]?.log)
      throw invalid(`events[${index}]`, `Collection "${name}" keeps its changes in another database`);
    if (!events.viewer(name, principal))
      throw new ApiError('accessDenied', `This token may not read "${name}", so it cannot subscribe to its events`);
    named.set(name, collection);
  }
  const filter = wanted.filter;
  if (filter === undefined || Object.keys(filter).length === 0) return [...named.values()];
  if (named.size !== 1) throw invalid('filter', 'A filter is allowed only when the events name one collection');
  const [collection] = named.values();
  for (const parameter of Object.keys(filter)) {
    const base = parameter.replace(/\[.*$/, '');
    if (!collection!.filters.includes(base))
      throw invalid(
        `filter.${parameter}`,
        `"${parameter}" is not a filter of ${collection!.name}; declared: ${collection!.filters.join(', ') || 'none'}`,
      );
  }
  try {
    events.viewer(collection!.name, principal, filter);
  } catch (error) {
    if (error instanceof ApiError) throw invalid('filter', error.message);
    throw error;
  }
  return [collection!];
}

const names = (events: ChangeEvents) => events.collections.map((c) => c.name).join(', ') || 'none';
