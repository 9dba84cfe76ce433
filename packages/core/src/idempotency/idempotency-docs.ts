import type { RouteDocs } from '../vocabulary/plugin.js';
import { maxKeyLength } from './request-key.js';

const keySchema = { type: 'string', minLength: 1, maxLength: maxKeyLength, pattern: '^[\\x21-\\x7e]+$' };

/**
 * What the idempotency plugin adds to a route's documentation: the request header, the replay
 * marker, and the 409 and 422 answers it may give instead of the route's own.
 */
export function idempotencyDocs(coverage: 'always' | 'async', required: boolean): RouteDocs {
  const when =
    coverage === 'async'
      ? ' Honoured together with `Prefer: respond-async`: the 202 and its job are kept, and the job runs once.'
      : '';
  return {
    requestHeaders: {
      'Idempotency-Key': {
        description: `A unique value (such as a UUID) that makes a retry safe: the same key with the same request within the window returns the first answer without writing again.${when}`,
        schema: keySchema,
        ...(required ? { required: true } : {}),
      },
    },
    responseHeaders: {
      'Idempotency-Replayed': {
        description:
          'Sent as `true` when the answer is the kept answer of an earlier request with the same Idempotency-Key.',
        schema: { type: 'string', enum: ['true'] },
      },
    },
    responses: {
      '400': { description: 'The Idempotency-Key header is malformed (or missing where the API requires one).' },
      '409': {
        description: 'A request with the same Idempotency-Key is still running; retry after Retry-After seconds.',
        headers: {
          'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
        },
      },
      '422': { description: 'The Idempotency-Key was already used for a different request.' },
    },
  };
}
