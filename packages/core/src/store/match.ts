import { compareValues, fieldValue, isMissing } from './compare.js';
import type { FieldCondition, ListQuery } from './store.js';

/** A test of one record's data against the parts of a query that no index answers. */
export type DataTest = (data: object) => boolean;

/**
 * The text a search looks in for one stored value: lower-cased, as every store compares it
 * (database stores keep it in a column); undefined for a missing value, which never matches.
 */
export function searchableText(value: unknown): string | undefined {
  return isMissing(value) ? undefined : String(value).toLowerCase();
}

/**
 * Case-insensitive substring search over `fields`; non-strings are searched as `String(value)`,
 * missing values never match. Empty text asks for nothing, so it returns no test at all (rather
 * than one that would drop records whose fields are all missing).
 */
export function searchTest(search: ListQuery['search']): DataTest | undefined {
  if (!search || search.text === '') return undefined;
  const needle = search.text.toLowerCase();
  const fields = search.fields;
  return (data) =>
    fields.some((field) => {
      const text = searchableText(fieldValue(data, field));
      return text?.includes(needle) === true;
    });
}

/** Exact (`===`) equality on every given field. */
export function equalityTest(entries: readonly (readonly [string, unknown])[]): DataTest | undefined {
  if (entries.length === 0) return undefined;
  return (data) => entries.every(([field, value]) => fieldValue(data, field) === value);
}

/** Whether one stored value passes a comparison, ordered as a sort orders (see {@link compareValues}). */
export function passes(value: unknown, condition: FieldCondition): boolean {
  const { operator, value: wanted } = condition;
  if (operator === 'ne') return value !== wanted;
  if (operator === 'in') return (wanted as readonly unknown[]).includes(value) && !isMissing(value);
  // A missing value has no place in a range; values of another type cannot be compared with it.
  if (isMissing(value) || typeof value !== typeof wanted) return false;
  const order = compareValues(value, wanted);
  return operator === 'gt' ? order > 0 : operator === 'gte' ? order >= 0 : operator === 'lt' ? order < 0 : order <= 0;
}

/** Every comparison passes. */
export function conditionsTest(conditions: readonly FieldCondition[] | undefined): DataTest | undefined {
  if (!conditions || conditions.length === 0) return undefined;
  return (data) => conditions.every((condition) => passes(fieldValue(data, condition.field), condition));
}

/** Both tests; `undefined` stands for "always true" so that callers can skip the call. */
export function bothTests(a: DataTest | undefined, b: DataTest | undefined): DataTest | undefined {
  if (!a) return b;
  if (!b) return a;
  return (data) => a(data) && b(data);
}

/**
 * Whether a record's data belongs to a list: it passes the query's equality filters, conditions
 * and search, tested as the memory store tests them (paging and sort aside). Built once per list,
 * so that a change feed can tell which lists a written record enters or leaves.
 */
export function listMatcher(query: Pick<ListQuery, 'filter' | 'conditions' | 'search'>): DataTest {
  const equal = equalityTest(query.filter ? Object.entries(query.filter) : []);
  return bothTests(bothTests(equal, conditionsTest(query.conditions)), searchTest(query.search)) ?? (() => true);
}
