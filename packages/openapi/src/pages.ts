import type { PluginRoute, RouteAnswers } from '@corral/core';

/** A page of the plugin as declared, without the handler that builds it. */
export type PageDeclaration = Omit<PluginRoute, 'handler' | 'answers'> & { readonly answers: RouteAnswers };

/** The answers of a page: the page itself, or one of `errors` (the pipeline adds its own). */
const page = (description: string, errors: readonly number[] = []): RouteAnswers => ({
  success: { 200: { description, body: 'pluginPage' } },
  errors,
});

/** `<prefix>/openapi.json`: the document. */
export const documentPage: PageDeclaration = {
  path: '/openapi.json',
  contentType: 'application/json',
  answers: page('The document'),
};

/** `<prefix>/docs`: a page to read the document and try requests. */
export const docsPage: PageDeclaration = { path: '/docs', contentType: 'text/html', answers: page('The page') };

/** `<prefix>/docs/:file`: the scripts and stylesheets of the docs page; any other name is a 404. */
export const docsAssetPage: PageDeclaration = {
  path: '/docs/:file',
  contentType: '*/*',
  answers: page('The file', [404]),
};
