/**
 * How stored values are read and ordered for filter, search and sort. Shared by the indexes and the
 * query planner so that an indexed answer and a scanned answer can never disagree.
 */

/** A field of a record's data; only own properties count, so `toString` or `constructor` read as missing. */
export function fieldValue(data: object, field: string): unknown {
  return Object.hasOwn(data, field) ? (data as Record<string, unknown>)[field] : undefined;
}

/** `undefined` and `null` both mean "no value": they sort last and never match a search. */
export function isMissing(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/** Map keys use SameValueZero; index updates must use the same notion of "unchanged". */
export function sameValueZero(a: unknown, b: unknown): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/**
 * Total order over field values, ascending. Missing values come after everything else; values of
 * different types order by their `typeof` name first. Numbers compare numerically (NaN after every
 * other number, so the order stays total), strings by code point (as SQLite and PostgreSQL's "C"
 * collation order UTF-8), booleans false < true.
 * Objects have no natural order and compare equal, which leaves them in id order.
 */
export function compareValues(a: unknown, b: unknown): number {
  const aMissing = isMissing(a);
  const bMissing = isMissing(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  const aType = typeof a;
  const bType = typeof b;
  if (aType !== bType) return aType < bType ? -1 : 1;
  switch (aType) {
    case 'number': {
      const aNaN = Number.isNaN(a);
      const bNaN = Number.isNaN(b);
      if (aNaN || bNaN) return aNaN === bNaN ? 0 : aNaN ? 1 : -1;
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    }
    case 'string':
      return compareText(a as string, b as string);
    case 'bigint':
    case 'boolean':
      return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
    default:
      return 0;
  }
}

/** Order of index entries: by value, then by sequence number so that equal values keep id order. */
export function compareEntries(aKey: unknown, aSeq: number, bKey: unknown, bSeq: number): number {
  return compareValues(aKey, bKey) || aSeq - bSeq;
}

/**
 * Strings by code point. UTF-16 code units order the same way except where a surrogate (half of a
 * code point above U+FFFF) meets a unit from U+E000 to U+FFFF: the unit is smaller as a code point.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate && (xSurrogate ? y >= 0xe000 : x >= 0xe000)) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
