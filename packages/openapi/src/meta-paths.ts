import { versionListAnswers, type DocumentedRoute, type RouteKind, type VersionDescription } from '@corral/core';
import { securityOf } from './access.js';
import { idPathParameter } from './parameters.js';
import { docsAssetPage, docsPage, documentPage, type PageDeclaration } from './pages.js';
import { openApiPath } from './path-parameters.js';
import { answersOf, responsesOf } from './responses.js';

type Operation = Record<string, unknown>;

/** Words of an operation: its id, a summary, and a longer description. */
type Words = readonly [operationId: string, summary: string, description?: string];

const meta = ([operationId, summary, description]: Words, responses: Record<string, unknown>): Operation => ({
  tags: ['meta'],
  operationId,
  summary,
  description: description ?? `${summary}.`,
  responses,
});

/** The words of each route every Corral version has (root document, error pages, jobs), for version `n`. */
const metaWords: Readonly<Partial<Record<RouteKind, (n: number) => Words>>> = {
  root: (n) => [`rootDocument${n}`, 'Links to every collection and operation'],
  errorCatalogue: (n) => [`listErrorCodes${n}`, 'Every error code'],
  errorCode: (n) => [`getErrorCode${n}`, 'What an error code means'],
  job: (n) => [`getJob${n}`, 'State and result of a job'],
};

/** The operation of a route every Corral version has (root document, error pages, jobs); undefined for other kinds. */
export function metaOperation(route: DocumentedRoute, version: VersionDescription): Operation | undefined {
  const words = metaWords[route.kind];
  if (!words) return undefined;
  const operation = meta(words(version.version), responsesOf(answersOf(route, version.secured)));
  const security = securityOf(route.access, version.secured);
  return security ? { ...operation, security } : operation;
}

/** The list of versions at the base path, served by the versioning layer outside any version's table. */
export function versionListPath(version: VersionDescription): Record<string, Record<string, unknown>> {
  const listing = { pattern: '/', access: 'public' as const, answers: versionListAnswers };
  return {
    [version.basePath || '/']: {
      get: {
        ...meta(['listVersions', 'The API versions'], responsesOf(answersOf(listing, version.secured))),
        security: [],
      },
    },
  };
}

/** One page the openapi plugin serves, documented from its declaration. */
function pagePath(page: PageDeclaration, version: VersionDescription, words: Words): Record<string, unknown> {
  const route = { pattern: page.path, access: 'public' as const, produces: page.contentType, answers: page.answers };
  const schema = page.contentType === 'application/json' ? { type: 'object' } : { type: 'string' };
  const responses = responsesOf(answersOf(route, version.secured), {
    pluginPage: { [page.contentType]: { schema } },
  });
  const [operationId, summary, description] = words;
  return {
    ...(page.path.includes('/:')
      ? { parameters: [idPathParameter('file', 'A script or stylesheet of the docs page')] }
      : {}),
    get: { tags: ['meta'], security: [], operationId, summary, description, responses },
  };
}

/** The pages the openapi plugin itself serves: this document, the docs page and its assets. */
export function documentationPaths(version: VersionDescription): Record<string, Record<string, unknown>> {
  const n = version.version;
  const at = (page: PageDeclaration) => openApiPath(page.path, version.prefix);
  return {
    [at(documentPage)]: pagePath(documentPage, version, [
      `openApiDocument${n}`,
      'This OpenAPI document',
      'The OpenAPI 3.1 document of this version, built from its declarations.',
    ]),
    [at(docsPage)]: pagePath(docsPage, version, [
      `docsPage${n}`,
      'The documentation page',
      'A page to read this document and try requests.',
    ]),
    [at(docsAssetPage)]: pagePath(docsAssetPage, version, [
      `docsAsset${n}`,
      'A file of the documentation page',
      'Scripts and stylesheets the docs page loads.',
    ]),
  };
}
