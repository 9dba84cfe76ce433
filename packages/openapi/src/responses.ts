import {
  serverAnswers,
  servedAnswers,
  type AnswerBody,
  type AnswerDoc,
  type HeaderDoc,
  type ServedRoute,
} from '@corral/core';
import { ref, type JsonSchema } from './json-schema.js';

/**
 * Every answer a route gives, for its operation: what the pipeline serves it with
 * (`servedAnswers`), and what the server answers on any path before a route runs (`serverAnswers`:
 * a 408 for a slow client).
 */
export function answersOf(route: ServedRoute, secured: boolean): Readonly<Record<number, AnswerDoc>> {
  return { ...servedAnswers(route, secured), ...serverAnswers };
}

/** The content of a JSON body with this schema. */
export const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** The content of the bodies that belong to one route: its collection's records, its operation's result, its page. */
export type OwnBodies = Partial<Record<AnswerBody, Record<string, unknown>>>;

/** Schemas of Corral's own bodies, the same on every route. */
const sharedBodies: Partial<Record<AnswerBody, string>> = {
  allowedMethods: 'Options',
  jobAccepted: 'JobAccepted',
  jobState: 'Job',
  rootDocument: 'RootDocument',
  errorCodeList: 'ErrorCodeList',
  errorCode: 'ErrorCode',
  versionList: 'VersionList',
  detailedError: 'DetailedError',
  authError: 'AuthError',
  simpleError: 'SimpleError',
};

/** A header as an OpenAPI header object (the name is the key it is stored under). */
export function header(doc: HeaderDoc): Record<string, unknown> {
  return { description: doc.description, ...(doc.required ? { required: true } : {}), schema: doc.schema };
}

export function headersOf(docs: Readonly<Record<string, HeaderDoc>> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(docs ?? {}).map(([name, doc]) => [name, header(doc)]));
}

function contentOf(body: AnswerBody, own: OwnBodies): Record<string, unknown> {
  const shared = sharedBodies[body];
  const content = own[body] ?? (shared === undefined ? undefined : json(ref(shared)));
  // A route declaring a body it has no schema for (a record on a route without a collection) is Corral's bug.
  if (!content) throw new TypeError(`openApi(): no schema for a ${body} body on this route`);
  return content;
}

/**
 * The `responses` of an operation: every answer its route gives, by status, as core declares it
 * (see `servedAnswers`), with the bodies that belong to the route from `own` (and a plugin
 * endpoint's named bodies by reference).
 */
export function responsesOf(
  answers: Readonly<Record<number, AnswerDoc>>,
  own: OwnBodies = {},
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(answers).map(([status, answer]) => [
      status,
      {
        description: answer.description,
        ...(answer.body ? { content: contentOf(answer.body, own) } : {}),
        // A plugin endpoint's own body: its schema is among the components, under its name.
        ...(answer.schema ? { content: json(ref(answer.schema.name)) } : {}),
        ...(answer.headers ? { headers: headersOf(answer.headers) } : {}),
      },
    ]),
  );
}
