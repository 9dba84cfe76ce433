import type { HeaderDoc, RouteDocs } from '@corral/core';

const structuredField = { type: 'string', maxLength: 200 } as const;

/** The two headers sent on every answer of a limited route, as OpenAPI shows them. */
export const rateLimitHeaderDocs: Readonly<Record<string, HeaderDoc>> = {
  'RateLimit-Policy': {
    description:
      'The quota of this route, in the IETF draft syntax: its name, the requests allowed (q) and the window in seconds (w), e.g. `"default";q=100;w=60`.',
    schema: structuredField,
  },
  RateLimit: {
    description:
      'What is left of the quota: requests remaining (r) and seconds until the window renews (t), e.g. `"default";r=42;t=17`.',
    schema: structuredField,
  },
};

/** Documentation of a limited route: the headers on every answer and the 429 it may give. */
export const limitedRouteDocs: RouteDocs = {
  responseHeaders: rateLimitHeaderDocs,
  responses: {
    '429': {
      description:
        'The caller used up its rate limit for the current window; nothing was done. Retry after the seconds in `Retry-After`.',
      headers: {
        'Retry-After': {
          description: 'Seconds to wait before sending again.',
          schema: { type: 'integer', minimum: 1 },
        },
        ...rateLimitHeaderDocs,
      },
    },
  },
};
