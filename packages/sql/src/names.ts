import { createHash } from 'node:crypto';
import { CorralError } from '@corral/core';

/** Longest identifier PostgreSQL keeps whole (SQLite has no limit): one rule for both. */
export const maxIdentifierLength = 63;

/** Names that go into SQL text (DDL and index expressions cannot take parameters): plain words only. */
const plainWord = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether a name can be an identifier as it is. */
export function isPlainName(name: string): boolean {
  return plainWord.test(name) && name.length <= maxIdentifierLength;
}

/**
 * A double-quoted identifier. Only plain words pass, so quoting never has to escape anything and
 * no name can carry SQL; `what` says in the error what the name was for.
 */
export function quoted(name: string, what = 'a table, schema or column'): string {
  if (!isPlainName(name)) {
    throw new CorralError(
      'CORRAL_INVALID_TABLE_NAME',
      `"${name}" cannot name ${what}: use up to ${maxIdentifierLength} letters, digits and _, not starting with a digit`,
    );
  }
  return `"${name}"`;
}

/**
 * The snake_case spelling of a field or collection name, as the columns and tables a store makes
 * are named: `yearOfBirth` -> `year_of_birth`, `HTTPStatus` -> `http_status`, `my-things` -> `my_things`.
 */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
}

/**
 * The name of something made for a table (an index, a trigger, a constraint): readable when it
 * fits, otherwise shortened with a digest of the whole, so that it stays unique and stable.
 */
export function derivedName(table: string, suffix: string): string {
  const whole = `${table}_${suffix}`;
  if (whole.length <= maxIdentifierLength) return whole;
  const digest = createHash('sha256').update(whole).digest('hex').slice(0, 10);
  return `${whole.slice(0, maxIdentifierLength - 11)}_${digest}`;
}
