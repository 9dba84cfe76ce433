import {
  CorralError,
  type DocumentedRoute,
  type HeaderDoc,
  type NamedSchema,
  type VersionDescription,
} from '@corral/core';
import { securityOf } from './access.js';
import { ref, type JsonSchema } from './json-schema.js';
import { offsetPagingParameters } from './parameter-values.js';
import { answersOf, header, json, responsesOf } from './responses.js';

type Operation = Record<string, unknown>;

/** `/webhooks/:id/deliveries` -> `WebhooksIdDeliveries`, for the name of an endpoint that gives none. */
const pathWords = (pattern: string) =>
  pattern
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

const parametersIn = (place: 'query' | 'header', docs: Readonly<Record<string, HeaderDoc>> | undefined) =>
  Object.entries(docs ?? {}).map(([name, doc]) => ({
    name,
    in: place,
    required: doc.required ?? false,
    ...header(doc),
  }));

/**
 * The operation of a plugin endpoint, from what it declares: its name and words, the body and
 * parameters it reads (`about`), who may call it (`access`) and every answer it gives, its own
 * with their named bodies and the pipeline's with the API's error bodies.
 */
export function pluginOperation(route: DocumentedRoute, version: VersionDescription): Operation {
  const about = route.about;
  const success = Object.values(route.answers.success)[0]?.description;
  const parameters = [
    ...(about?.paged ? offsetPagingParameters(version) : []),
    ...parametersIn('query', about?.query),
    ...parametersIn('header', about?.headers),
  ];
  const security = securityOf(route.access, version.secured);
  return {
    tags: [route.plugin ?? 'plugins'],
    operationId: about?.name ?? `${route.method.toLowerCase()}${pathWords(route.pattern)}`,
    summary: about?.summary ?? success ?? `${route.method} ${route.pattern}`,
    description: about?.description ?? `${about?.summary ?? success ?? route.pattern}.`,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(about?.body
      ? {
          requestBody: {
            required: about.body.required ?? true,
            description: about.body.description,
            content: json(ref(about.body.schema.name)),
          },
        }
      : {}),
    responses: responsesOf(answersOf(route, version.secured)),
    ...(security ? { security } : {}),
  };
}

/** The named bodies the plugin endpoints of a version take and give. */
function namedSchemasOf(routes: readonly DocumentedRoute[]): NamedSchema[] {
  return routes
    .filter((route) => route.kind === 'plugin')
    .flatMap((route) => [
      ...(route.about?.body ? [route.about.body.schema] : []),
      ...Object.values(route.answers.success).flatMap((answer) => (answer.schema ? [answer.schema] : [])),
    ]);
}

/**
 * The components of the bodies plugin endpoints name, each once. Two different schemas under one
 * name, or a name the document already gives its own schema, would make a wrong document: refused.
 */
export function pluginSchemas(
  routes: readonly DocumentedRoute[],
  taken: Readonly<Record<string, unknown>>,
): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const { name, schema } of namedSchemasOf(routes)) {
    const known = schemas[name];
    if (known === undefined && !(name in taken)) schemas[name] = schema as JsonSchema;
    else if (known === undefined || JSON.stringify(known) !== JSON.stringify(schema))
      throw new CorralError(
        'CORRAL_OPENAPI_SCHEMA_NAME_TAKEN',
        `openApi(): two different schemas are named ${JSON.stringify(name)}; a plugin endpoint's body needs a name of its own`,
      );
  }
  return schemas;
}

/** A tag for each plugin serving endpoints that the document does not tag yet. */
export function pluginTags(
  routes: readonly DocumentedRoute[],
  tagged: readonly string[],
): { name: string; description: string }[] {
  const plugins = new Set(routes.flatMap((route) => (route.kind === 'plugin' && route.plugin ? [route.plugin] : [])));
  return [...plugins]
    .filter((name) => !tagged.includes(name))
    .map((name) => ({ name, description: `Routes the ${name} plugin serves` }));
}
