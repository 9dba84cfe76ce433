import type { VersionDescription } from '@corral/core';
import { security } from './collection-paths.js';
import { ref } from './json-schema.js';
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
      parameters: [{ name: 'code', in: 'path', required: true, description: 'An errorCode', schema: { type: 'integer' } }],
      ...meta(`getErrorCode${version.version}`, 'What an error code means', ref('ErrorCode'), [400, 404, 406], open),
    },
    [`${prefix}/jobs/{id}`]: {
      parameters: [{ name: 'id', in: 'path', required: true, description: 'Job id from a 202 Location', schema: { type: 'string' } }],
      ...meta(`getJob${version.version}`, 'State and result of a job', ref('Job'), [400, ...(version.secured ? [401, 403] : []), 404, 406], jobScopes ? { security: jobScopes } : {}),
    },
  };
}
