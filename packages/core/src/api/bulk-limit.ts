import { CorralError } from '@corral/errors';
/** The bulk limit, checked once: a bad setting fails at startup. */
export function bulkLimitOf(options: { readonly bulkLimit?: number }): number {
  const limit = options.bulkLimit ?? 1000;
  if (!Number.isInteger(limit) || limit < 1)
    throw new CorralError('CORRAL_INVALID_BULK_LIMIT', `bulkLimit must be a whole number of at least 1; got ${limit}`);
  return limit;
}
