import { ApiError } from '@corral/errors';
import { quote } from './query-params.js';

const none: readonly string[] = Object.freeze([]);

/**
 * A query string read once, by name: the values of each parameter in the order sent. The readers
 * of a list request (filters, paging, fields, cursor, expand) all look names up here rather than
 * each scanning the query again; the original stays at hand for the paging links.
 */
export class QueryValues {
  /** One value, or every value of a repeated parameter. */
  private readonly values = new Map<string, string | string[]>();

  constructor(
    /** The query string as sent. */
    readonly params: URLSearchParams,
  ) {
    const values = this.values;
    // forEach rather than for-of: no [name, value] pair is made for each parameter.
    params.forEach((value, name) => {
      const seen = values.get(name);
      if (seen === undefined) values.set(name, value);
      else if (typeof seen === 'string') values.set(name, [seen, value]);
      else seen.push(value);
    });
  }

  /** Whether the parameter was given at all. */
  has(name: string): boolean {
    return this.values.has(name);
  }

  /** The distinct names, in the order they first came. */
  keys(): IterableIterator<string> {
    return this.values.keys();
  }

  /** The one value of a single-valued parameter; a repeat is refused (400) rather than silently picked. */
  one(name: string): string | undefined {
    const value = this.values.get(name);
    if (value === undefined || typeof value === 'string') return value;
    throw new ApiError('duplicateQueryParameter', `Query parameter ${quote(name)} may be given only once`);
  }

  /** Every value of the parameter, in the order sent (as `URLSearchParams.getAll`). */
  getAll(name: string): readonly string[] {
    const value = this.values.get(name);
    return value === undefined ? none : typeof value === 'string' ? [value] : value;
  }

  /** The first value, or null (as `URLSearchParams.get`). */
  get(name: string): string | null {
    const value = this.values.get(name);
    return value === undefined ? null : typeof value === 'string' ? value : (value[0] ?? null);
  }
}
