import type { AnswerDoc, HeaderDoc, RouteAnswers } from '../vocabulary/answers.js';
import type { AnyCollection } from './define-collection.js';

/** The kinds of route a collection has. */
export type CollectionRouteKind =
  | 'list'
  | 'create'
  | 'replaceAll'
  | 'deleteAll'
  | 'options'
  | 'read'
  | 'replace'
  | 'patch'
  | 'delete';

const text = { type: 'string' } as const;
// Headers marked required come with every such answer: a validating client may count on them.
const etag: Record<string, HeaderDoc> = {
  ETag: { description: 'Entity tag of the representation', schema: text, required: true },
};
const location: Record<string, HeaderDoc> = {
  Location: { description: 'URL of the created record', schema: text, required: true },
};
const notModified: AnswerDoc = { description: 'The copy named by If-None-Match is current', headers: etag };
const accepted: AnswerDoc = {
  description: 'Accepted as a job (Prefer: respond-async); follow Location to its state',
  body: 'jobAccepted',
  headers: {
    Location: { description: 'URL of the job', schema: text, required: true },
    'Preference-Applied': {
      description: 'respond-async: the preference was honoured (RFC 7240)',
      schema: { type: 'string', enum: ['respond-async'] },
      required: true,
    },
  },
};
const stored: AnswerDoc = { description: 'The record as stored', body: 'record', headers: etag };
const allowed: AnswerDoc = {
  description: 'Allowed methods and writable properties',
  body: 'allowedMethods',
  headers: { Allow: { description: 'The methods this path supports, for this caller', schema: text, required: true } },
};

// Statuses by what gives them: 404/410 an unknown or deleted id, 409 records still referring to one,
// 412/428 If-Match (wrong, or missing where required), 413/415/422 the body, 431 an If-Match or
// If-None-Match past its length, 503 a full job queue.
const byKind: Readonly<Record<CollectionRouteKind, RouteAnswers>> = {
  list: {
    success: { 200: { description: 'A page of records', body: 'recordPage', headers: etag }, 304: notModified },
    errors: [431],
  },
  create: {
    success: { 201: { description: 'The created record', body: 'record', headers: { ...etag, ...location } } },
    errors: [413, 415, 422],
  },
  replaceAll: {
    success: { 200: { description: 'The replaced records', body: 'bulkResult' }, 202: accepted },
    errors: [404, 410, 412, 413, 415, 422, 428, 431, 503],
  },
  deleteAll: { success: { 204: { description: 'Deleted' }, 202: accepted }, errors: [409, 412, 428, 431, 503] },
  options: { success: { 200: allowed }, errors: [] },
  read: {
    success: { 200: { description: 'The record', body: 'record', headers: etag }, 304: notModified },
    errors: [404, 410, 431],
  },
  replace: { success: { 200: stored }, errors: [404, 410, 412, 413, 415, 422, 428, 431] },
  patch: { success: { 200: stored }, errors: [404, 410, 412, 413, 415, 422, 428, 431] },
  delete: {
    success: { 204: { description: 'Deleted; the id answers 410 from now on' } },
    errors: [404, 409, 410, 412, 428, 431],
  },
};

const position: Record<string, HeaderDoc> = {
  'Last-Event-ID': {
    description:
      'Position in the change log: taken before the read (or after the write); a feed opened with it as its Last-Event-ID misses no later change',
    schema: text,
    required: true,
  },
};

/**
 * The answers with the change log's position added to every success (a collection whose database
 * keeps one) but a 202: a job accepted has changed nothing yet.
 */
function withPosition(answers: RouteAnswers): RouteAnswers {
  const success = Object.fromEntries(
    Object.entries(answers.success).map(([status, answer]) => [
      status,
      status === '202' ? answer : { ...answer, headers: { ...answer.headers, ...position } },
    ]),
  );
  return { ...answers, success };
}

/** Kinds whose handler runs the collection's record rule, which refuses with 403 whether or not tokens are checked. */
const ruled: ReadonlySet<CollectionRouteKind> = new Set([
  'create',
  'replaceAll',
  'deleteAll',
  'read',
  'replace',
  'patch',
  'delete',
]);

/** Kinds that write records' values, which a declared unique key can refuse with 409. */
const writing: ReadonlySet<CollectionRouteKind> = new Set(['create', 'replaceAll', 'replace', 'patch']);

/**
 * What one collection route answers. A path with an id or below a parent also answers 404 and 410
 * (an unknown or deleted record or parent), a collection with a record rule 403 where it runs, and
 * one with unique keys 409 where values are written.
 */
export function collectionRouteAnswers(
  collection: AnyCollection,
  kind: CollectionRouteKind,
  pattern: string,
): RouteAnswers {
  const answers = byKind[kind];
  const extra = [
    ...(pattern.includes('/:') ? [404, 410] : []),
    ...(collection.authorize && ruled.has(kind) ? [403] : []),
    ...(collection.unique.length > 0 && writing.has(kind) ? [409] : []),
  ];
  const errors = [...new Set([...answers.errors, ...extra])].sort((a, b) => a - b);
  const declared = { success: answers.success, errors };
  // OPTIONS is answered without a position; every other route of a logged collection gives one.
  return collection.store.database?.changes && kind !== 'options' ? withPosition(declared) : declared;
}
