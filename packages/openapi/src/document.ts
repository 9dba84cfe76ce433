import { CorralError } from '@corral/core';
import type { VersionDescription } from '@corral/core';
import { collectionSchemas, pascal } from './collection-schemas.js';
import { changeSchema, feedSchemas } from './feed-docs.js';
import { expandedProperties } from './relations.js';
import { documentationPaths, versionListPath } from './meta-paths.js';
import { withIntegerFormats } from './json-schema.js';
import { routePaths } from './route-paths.js';
import { withPreflights } from './preflights.js';
import { withEveryAnswerHeaders } from './every-answer-headers.js';
import { sharedSchemas } from './shared-schemas.js';
import { docsOfPublicPages, withRouteDocs } from './route-docs.js';
import { webhookDocs, webhooksTag } from './webhook-docs.js';
import { pluginSchemas, pluginTags } from './plugin-paths.js';

/** What the document cannot learn from the declarations. */
export interface DocumentOptions {
  /** Where clients get tokens (client-credentials grant); needed when the API checks tokens. */
  readonly tokenUrl?: string;
  /** Words for each scope; scopes without one get a generic description. */
  readonly scopeDescriptions?: Readonly<Record<string, string>>;
  /** Text for `info.description`; a generated sentence naming the version prefix when omitted. */
  readonly description?: string;
  /**
   * Words on the access tokens (their format, lifetime, how the API checks them), added to the
   * security scheme's description.
   */
  readonly tokenDescription?: string;
  /** Copied to `info.contact`, so readers of the docs know whom to ask. */
  readonly contact?: {
    /** Person or team answering for the API. */
    readonly name?: string;
    /** Page with support or contact details. */
    readonly url?: string;
    /** Address for questions about the API. */
    readonly email?: string;
  };
  /**
   * True when the API sends webhooks (the webhooks plugin is installed): the document then gets a
   * top-level `webhooks` entry for every collection and kind of change (`animals.created`, ...),
   * describing the signed request a subscription receives and the answers the API expects back.
   */
  readonly webhooks?: boolean;
}

/** A HEAD operation mirroring a GET one: same statuses and headers, no bodies. */
function headOf(get: Record<string, unknown>): Record<string, unknown> {
  const responses = Object.fromEntries(
    Object.entries(get.responses as Record<string, Record<string, unknown>>).map(
      ([status, { content: _body, ...rest }]) => [status, rest],
    ),
  );
  return {
    ...get,
    operationId: `head${String(get.operationId).charAt(0).toUpperCase()}${String(get.operationId).slice(1)}`,
    summary: `Headers of: ${String(get.summary)}`,
    responses,
  };
}

/** Paths with what plugins document for them added to each operation. */
function withDocs(
  paths: Record<string, Record<string, unknown>>,
  docs: Parameters<typeof withRouteDocs>[1],
): Record<string, Record<string, unknown>> {
  // `parameters` of a path item belong to every operation and are not an operation themselves.
  const documented = (key: string, value: unknown) =>
    key === 'parameters' ? value : withRouteDocs(value as Record<string, unknown>, docs);
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(item).map(([key, value]) => [key, documented(key, value)])),
    ]),
  );
}

/**
 * The OpenAPI 3.1 document of one API version: its paths from the version's route table (what the
 * pipeline serves and guards), its schemas from the collection and operation declarations.
 */
export function openApiDocument(version: VersionDescription, options: DocumentOptions = {}): Record<string, unknown> {
  const publicPages = docsOfPublicPages(version.routes);
  const paths: Record<string, Record<string, unknown>> = {
    ...withDocs(versionListPath(version), publicPages),
    ...routePaths(version),
    ...withDocs(documentationPaths(version), publicPages),
  };
  for (const item of Object.values(paths)) if (item.get) item.head = headOf(item.get as Record<string, unknown>);
  const answered = withEveryAnswerHeaders(withPreflights(paths, version, publicPages));
  if (version.secured && !options.tokenUrl)
    throw new CorralError(
      'CORRAL_OPENAPI_TOKEN_URL_MISSING',
      'openApi(): the API checks tokens, so `tokenUrl` is needed for the document',
    );
  const ownSchemas = {
    ...sharedSchemas,
    ...feedSchemas,
    ...Object.assign(
      {},
      ...version.collections.map((c) => ({
        ...collectionSchemas(c, expandedProperties(c, version.collections)),
        [`${pascal(c.name)}Change`]: changeSchema(c, pascal(c.name)),
      })),
    ),
  };
  const tags = [
    ...version.collections.map((c) => ({ name: c.name, description: `The ${c.title} collection` })),
    { name: 'operations', description: 'Non-resource operations: they compute a result' },
    { name: 'meta', description: 'Versions, root document, error codes and jobs' },
    ...(options.webhooks ? [webhooksTag(version.prefix)] : []),
  ];
  const scopes = Object.fromEntries(
    version.scopes.map((scope) => [scope, options.scopeDescriptions?.[scope] ?? `Grants the ${scope} right`]),
  );
  return withIntegerFormats({
    openapi: '3.1.0',
    info: {
      title: version.title,
      version: `v${version.version}`,
      description:
        options.description ??
        `${version.title}: resources under ${version.prefix}. Generated by Corral from the API's declarations.`,
      ...(options.contact ? { contact: options.contact } : {}),
    },
    // The relative entry first: a page reading the document then calls the origin it came from.
    // Both entries name this deployment, whatever its environment (local, staging or production); it is a public API.
    servers: [
      {
        url: '/',
        description: 'This deployment (local, staging or production): the server the document was fetched from',
        'x-internal': false,
      },
      ...(version.origin
        ? [
            {
              url: version.origin,
              description: 'This deployment (local, staging or production) at its public address',
              'x-internal': false,
            },
          ]
        : []),
    ],
    tags: [
      ...tags,
      ...pluginTags(
        version.routes,
        tags.map((tag) => tag.name),
      ),
    ],
    paths: answered,
    ...(options.webhooks ? { webhooks: webhookDocs(version.collections) } : {}),
    components: {
      // The bodies plugin endpoints name come after the document's own, which they may not rename.
      schemas: { ...ownSchemas, ...pluginSchemas(version.routes, ownSchemas) },
      ...(version.secured
        ? {
            securitySchemes: {
              oauth2: {
                type: 'oauth2',
                description: [
                  'OAuth 2.0 client credentials; send the token as Authorization: Bearer <token>.',
                  options.tokenDescription,
                ]
                  .filter(Boolean)
                  .join(' '),
                flows: { clientCredentials: { tokenUrl: options.tokenUrl, scopes } },
              },
            },
          }
        : {}),
    },
    ...(version.secured ? { security: [{ oauth2: [] }] } : {}),
  });
}
