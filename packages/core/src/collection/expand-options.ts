import { CorralError } from '@corral/errors';

/** How far `?expand=` may reach; see {@link ApiOptions.expand}. */
export interface ExpandOptions {
  /** Relations one chain may follow (`animals.zoo` follows 2); default 2. */
  readonly maxDepth?: number;
  /** Records of a to-many relation embedded per record (the rest are a `nextPage` link away); default 10. */
  readonly childLimit?: number;
  /** Records one answer may embed in all; an `expand` that would embed more is refused (400). Default 1,000. */
  readonly maxRecords?: number;
}

/** {@link ExpandOptions} with their defaults filled in. */
export interface ExpandSettings {
  /** Relations one chain may follow. */
  readonly maxDepth: number;
  /** Records of a to-many relation embedded per record. */
  readonly childLimit: number;
  /** Records one answer may embed in all. */
  readonly maxRecords: number;
}

/** The settings, checked once: a bad one fails at startup. `maxLimit` is the largest page a list gives. */
export function expandSettingsOf(options: ExpandOptions | undefined, maxLimit: number): ExpandSettings {
  const maxDepth = options?.maxDepth ?? 2;
  const childLimit = options?.childLimit ?? Math.min(10, maxLimit);
  if (!Number.isInteger(maxDepth) || maxDepth < 1 || maxDepth > 5)
    throw new CorralError(
      'CORRAL_INVALID_EXPAND_OPTION',
      `expand.maxDepth must be a whole number from 1 to 5; got ${maxDepth}`,
    );
  if (!Number.isInteger(childLimit) || childLimit < 1 || childLimit > maxLimit) {
    throw new CorralError(
      'CORRAL_INVALID_EXPAND_OPTION',
      `expand.childLimit must be a whole number from 1 to the largest page (${maxLimit}); got ${childLimit}`,
    );
  }
  const maxRecords = options?.maxRecords ?? 1_000;
  if (!Number.isInteger(maxRecords) || maxRecords < 1 || maxRecords > 100_000)
    throw new CorralError(
      'CORRAL_INVALID_EXPAND_OPTION',
      `expand.maxRecords must be a whole number from 1 to 100000; got ${maxRecords}`,
    );
  return { maxDepth, childLimit, maxRecords };
}
