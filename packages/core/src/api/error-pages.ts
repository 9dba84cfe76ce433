import type { ErrorDocsUrl } from '@corral/errors';

/** The segment below a version prefix where the error catalogue is served; no collection may take the name. */
export const errorsSegment = 'errors';

/** Links each error answer to its page, `{origin}{prefix}/errors/{code}`. */
export const errorDocsUrl =
  (origin: string, prefix: string): ErrorDocsUrl =>
  (code) =>
    `${origin}${prefix}/${errorsSegment}/${code}`;
