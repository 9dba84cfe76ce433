import { ApiError } from '@corral/errors';
import { quote, singleValue, type QueryReader } from '../http/query-params.js';
import type { CollectionRuntime } from './runtime.js';

/** Properties every representation keeps whatever `fields` asks for; naming them is allowed and changes nothing. */
const alwaysSent = ['id', 'links'];

/**
 * The properties `?fields=a,b` asks for, checked against the record's fields; undefined when the
 * parameter is absent. An empty list or an unknown name is a 400 naming the accepted fields.
 */
export function selectedFields(runtime: CollectionRuntime, query: QueryReader): readonly string[] | undefined {
  const raw = singleValue(query, 'fields');
  if (raw === undefined) return undefined;
  const accepted = runtime.recordFields;
  const names = raw.split(',');
  for (const name of names) {
    if (!accepted.includes(name) && !alwaysSent.includes(name)) {
      const what = name === '' ? 'an empty name' : `unknown field ${quote(name)}`;
      throw new ApiError(
        'invalidQueryParameter',
        `fields lists ${what}; fields are separated by commas and may be: ${accepted.join(', ')}`,
      );
    }
  }
  return accepted.filter((field) => names.includes(field));
}

/**
 * A short tag part naming a selection exactly (which of the record's fields it keeps, as bits), so
 * that each selection's representation has ETags of its own.
 */
export function selectionVariant(runtime: CollectionRuntime, fields: readonly string[]): string {
  let bits = 0n;
  runtime.recordFields.forEach((field, index) => {
    if (fields.includes(field)) bits |= 1n << BigInt(index);
  });
  return `f${bits.toString(36)}`;
}
