/** How a table's id column holds ids: whole numbers, UUIDs, or any text. */
export type IdStorage = 'integer' | 'uuid' | 'text';

/** Largest value of a 64-bit signed integer column (PostgreSQL bigint, SQLite INTEGER). */
const maxBigint = 9223372036854775807n;
const canonicalInteger = /^[1-9][0-9]{0,18}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Text ids are bounded so that a lookup never carries a megabyte into the database. */
const maxTextId = 256;

/**
 * The database key an id from a URL stands for, or undefined when no row can have it: integers
 * only in their canonical decimal spelling (`007` names nothing, as in every store), UUIDs only in
 * lower case (as both databases print them), text up to 256 characters without NUL.
 */
export function keyOfId(storage: IdStorage, id: string): string | undefined {
  switch (storage) {
    case 'integer':
      // Fewer than 19 digits always fit; only longer ones are compared (as a BigInt, made rarely).
      return canonicalInteger.test(id) && (id.length < 19 || BigInt(id) <= maxBigint) ? id : undefined;
    case 'uuid':
      return uuid.test(id) ? id : undefined;
    default:
      // NUL is no character of PostgreSQL text, and no id either store hands out holds one.
      return id !== '' && id.length <= maxTextId && !id.includes('\u0000') ? id : undefined;
  }
}

/** The distinct keys among ids, in first-seen order, leaving out those no row can have. */
export function keysOfIds(storage: IdStorage, ids: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const id of ids) {
    const key = keyOfId(storage, id);
    if (key !== undefined) keys.add(key);
  }
  return [...keys];
}
