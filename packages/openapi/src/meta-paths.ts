import type { VersionDescription } from '@corral/core';
import { security } from './collection-paths.js';
import { ref } from './json-schema.js';
import { idPathParameter } from './parameters.js';
import { errorResponses, jsonResponse } from './responses.js';

/** The paths every Corral API has besides its collections: version list, root document, error pages, jobs. */
export function metaPaths(version: VersionDescription): Record<string, Record<string, unknown>> {
  const { prefix, basePath } = version;
  const open = { security: [] as unknown[] };
  const meta = (operationId: string, summary: string, schema: unknown, errors: number[], extra: Record<string, unknown> = {}) => ({
    get: { tags: ['meta'], operationId, summary, description: `${summary}.`, responses: { 200: jsonResponse(summary, schema as Record<string, unknown>), ...errorResponses(errors) }, ...extra },
  });
  const jobScopes = security(version.secured, undefined);
  return {
    [basePath || '/']: meta('listVersions', 'The API versions', ref('VersionList'), [400, 406], open),
    [prefix]: meta(`rootDocument${version.version}`, 'Links to every collection and operation', ref('RootDocument'), [400, 406], open),
    [`${prefix}/errors`]: meta(`listErrorCodes${version.version}`, 'Every error code', ref('ErrorCodeList'), [400, 406], open),
    [`${prefix}/errors/{code}`]: {
      parameters: [{ name: 'code', in: 'path', required: true, description: 'An errorCode', schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 999_999 } }],
      ...meta(`getErrorCode${version.version}`, 'What an error code means', ref('ErrorCode'), [400, 404, 406], open),
    },
    [`${prefix}/jobs/{id}`]: {
      parameters: [idPathParameter('id', 'Job id from a 202 Location')],
      ...meta(`getJob${version.version}`, 'State and result of a job', ref('Job'), [400, ...(version.secured ? [401, 403] : []), 404, 406], jobScopes ? { security: jobScopes } : {}),
    },
  };
}

/** The pages the openapi plugin itself serves: this document, the docs page and its assets. */
export function documentationPaths(version: VersionDescription): Record<string, Record<string, unknown>> {
  const { prefix } = version;
  const open = { tags: ['meta'], security: [] as unknown[] };
  return {
    [`${prefix}/openapi.json`]: {
      get: { ...open, operationId: `openApiDocument${version.version}`, summary: 'This OpenAPI document', description: 'The OpenAPI 3.1 document of this version, built from its declarations.', responses: { 200: jsonResponse('The document', { type: 'object' }), ...errorResponses([400, 406]) } },
    },
    [`${prefix}/docs`]: {
      get: { ...open, operationId: `docsPage${version.version}`, summary: 'The documentation page', description: 'A page to read this document and try requests.', responses: { 200: { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } }, ...errorResponses([400, 406]) } },
    },
    [`${prefix}/docs/{file}`]: {
      parameters: [idPathParameter('file', 'A script or stylesheet of the docs page')],
      get: { ...open, operationId: `docsAsset${version.version}`, summary: 'A file of the documentation page', description: 'Scripts and stylesheets the docs page loads.', responses: { 200: { description: 'The file', content: { '*/*': { schema: { type: 'string' } } } }, ...errorResponses([400, 404]) } },
    },
  };
}
