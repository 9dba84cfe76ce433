import type { DocumentedRoute, VersionDescription } from '@corral/core';
import { authStatuses, securityOf } from './access.js';
import { ref } from './json-schema.js';
import { idPathParameter } from './parameters.js';
import { errorResponses, jsonResponse } from './responses.js';

type Operation = Record<string, unknown>;

const meta = (operationId: string, summary: string, schema: unknown, errors: number[]): Operation => ({
  tags: ['meta'],
  operationId,
  summary,
  description: `${summary}.`,
  responses: { 200: jsonResponse(summary, schema as Record<string, unknown>), ...errorResponses(errors) },
});

/** The operation of a route every Corral version has (root document, error pages, jobs); undefined for other kinds. */
export function metaOperation(route: DocumentedRoute, version: VersionDescription): Operation | undefined {
  const n = version.version;
  const auth = authStatuses(route.access, version.secured);
  const operation = (() => {
    switch (route.kind) {
      case 'root':
        return meta(`rootDocument${n}`, 'Links to every collection and operation', ref('RootDocument'), [
          400,
          ...auth,
          406,
        ]);
      case 'errorCatalogue':
        return meta(`listErrorCodes${n}`, 'Every error code', ref('ErrorCodeList'), [400, ...auth, 406]);
      case 'errorCode':
        return meta(`getErrorCode${n}`, 'What an error code means', ref('ErrorCode'), [400, ...auth, 404, 406]);
      case 'job':
        return meta(`getJob${n}`, 'State and result of a job', ref('Job'), [400, ...auth, 404, 406]);
      default:
        return undefined;
    }
  })();
  const security = securityOf(route.access, version.secured);
  return operation && (security ? { ...operation, security } : operation);
}

/** The list of versions at the base path, served by the versioning layer outside any version's table. */
export function versionListPath(version: VersionDescription): Record<string, Record<string, unknown>> {
  return {
    [version.basePath || '/']: {
      get: { ...meta('listVersions', 'The API versions', ref('VersionList'), [400, 406]), security: [] },
    },
  };
}

/** The pages the openapi plugin itself serves: this document, the docs page and its assets. */
export function documentationPaths(version: VersionDescription): Record<string, Record<string, unknown>> {
  const { prefix } = version;
  const open = { tags: ['meta'], security: [] as unknown[] };
  return {
    [`${prefix}/openapi.json`]: {
      get: {
        ...open,
        operationId: `openApiDocument${version.version}`,
        summary: 'This OpenAPI document',
        description: 'The OpenAPI 3.1 document of this version, built from its declarations.',
        responses: { 200: jsonResponse('The document', { type: 'object' }), ...errorResponses([400, 406]) },
      },
    },
    [`${prefix}/docs`]: {
      get: {
        ...open,
        operationId: `docsPage${version.version}`,
        summary: 'The documentation page',
        description: 'A page to read this document and try requests.',
        responses: {
          200: { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } },
          ...errorResponses([400, 406]),
        },
      },
    },
    [`${prefix}/docs/{file}`]: {
      parameters: [idPathParameter('file', 'A script or stylesheet of the docs page')],
      get: {
        ...open,
        operationId: `docsAsset${version.version}`,
        summary: 'A file of the documentation page',
        description: 'Scripts and stylesheets the docs page loads.',
        responses: {
          200: { description: 'The file', content: { '*/*': { schema: { type: 'string' } } } },
          ...errorResponses([400, 404]),
        },
      },
    },
  };
}
