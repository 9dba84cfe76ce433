import { compareEntries, fieldValue } from './compare.js';
import type { FilterIndex } from './filter-index.js';
import { parseId } from './id-sequence.js';
import { ArrayIdSet, IntersectionIdSet, mapKeysIdSet, type IdSet } from './id-set.js';
import { bothTests, conditionsTest, equalityTest, searchTest } from './match.js';
import type { SortedIndex } from './sorted-index.js';
import type { ListQuery, ListResult, StoredRecord } from './store.js';

/** What a list request reads: live records by sequence number (in creation order) and the indexes. */
export interface QuerySource<T> {
  readonly live: ReadonlyMap<number, StoredRecord<T>>;
  readonly sorted: ReadonlyMap<string, SortedIndex>;
  readonly filters: ReadonlyMap<string, FilterIndex>;
}

/**
 * Answers a list request. The matches are a set of ids: with indexed filters only, an index bucket
 * as is (its size is the total, nothing is scanned) or the intersection of buckets, counted over
 * the smallest; otherwise the candidates that pass a scan. A sorted page then either walks the
 * sort index and stops after `offset + limit` matches, or sorts just the matches, whichever should
 * visit fewer entries.
 */
export function runQuery<T>(source: QuerySource<T>, query: ListQuery): Omit<ListResult<T>, 'revision'> {
  const { live } = source;
  // Whole, non-negative positions, so that `take` and `slice` agree on odd input.
  const offset = Math.max(0, Math.floor(query.offset) || 0);
  const end = offset + Math.max(0, Math.floor(query.limit) || 0);
  const matches = findMatches(source, query);
  const record = (seq: number): StoredRecord<T> => recordOf(live, seq);
  const page = (seqs: number[]): Omit<ListResult<T>, 'revision'> => ({ items: seqs.map(record), total: matches.size });

  if (matches.size === 0) return page([]);
  if (query.seek) return page(seekPage(source, matches, query, Math.max(0, Math.floor(query.limit) || 0)));
  if (!query.sort) return page(take(matches.inOrder(), offset, end));
  const { field, order } = query.sort;
  const index = source.sorted.get(field);
  if (index && walkIsCheaper(end, matches.size, live.size)) {
    // Every live record matches: no need to test membership.
    const keep = matches.size === live.size ? undefined : matches;
    return page(take(index.walk(order), offset, end, keep));
  }
  const sign = order === 'asc' ? 1 : -1;
  const entries = Array.from(matches.inOrder(), (seq) => ({ seq, key: fieldValue(record(seq).data, field) }));
  entries.sort((a, b) => sign * compareEntries(a.key, a.seq, b.key, b.seq));
  return page(entries.slice(offset, end).map((entry) => entry.seq));
}

function findMatches<T>(source: QuerySource<T>, query: ListQuery): IdSet {
  const { live } = source;
  const indexed: IdSet[] = [];
  const scanned: [string, unknown][] = [];
  for (const [field, value] of Object.entries(query.filter ?? {})) {
    const index = source.filters.get(field);
    if (!index) {
      scanned.push([field, value]);
      continue;
    }
    const ids = index.lookup(value);
    if (!ids) return new ArrayIdSet([]);
    indexed.push(ids);
  }
  indexed.sort((a, b) => a.size - b.size);
  const [smallest = mapKeysIdSet(live), ...others] = indexed;
  const test = bothTests(bothTests(equalityTest(scanned), conditionsTest(query.conditions)), searchTest(query.search));
  const candidates = others.length === 0 ? smallest : new IntersectionIdSet(smallest, others);
  if (!test) return candidates;
  // Tests can be dear (search lowercases strings), so each candidate is tested once and kept.
  const seqs: number[] = [];
  for (const seq of candidates.inOrder()) if (test(recordOf(live, seq).data)) seqs.push(seq);
  return new ArrayIdSet(seqs);
}

/**
 * Walking visits about `end * n / m` index entries when matches are spread evenly; sorting costs
 * about `m log m` comparisons, each dearer than a visit. A rare filter value thus gets sorted, a
 * common one gets walked.
 */
function walkIsCheaper(end: number, matchCount: number, liveCount: number): boolean {
  const walk = Math.min(liveCount, end * (liveCount / matchCount));
  return walk <= 2 * matchCount * Math.log2(matchCount + 1);
}

/**
 * The page next to a place (cursor paging): every match in list order, then the `limit` after the
 * place or the `limit` just before it. It visits all matches, which suits a store held in memory.
 */
function seekPage<T>(source: QuerySource<T>, matches: IdSet, query: ListQuery, limit: number): number[] {
  const { from, position } = query.seek!;
  const field = query.sort?.field;
  const sign = query.sort?.order === 'desc' ? -1 : 1;
  const keyOf = (seq: number) => (field === undefined ? null : fieldValue(recordOf(source.live, seq).data, field));
  // An id this store never made has no place: nothing is next to it.
  const place = parseId(position.id);
  if (place === undefined) return [];
  const side = (seq: number) => sign * compareEntries(keyOf(seq), seq, position.key, place);
  const ordered = Array.from(matches.inOrder(), (seq) => ({ seq, key: keyOf(seq) }));
  if (field !== undefined) ordered.sort((a, b) => sign * compareEntries(a.key, a.seq, b.key, b.seq));
  if (from === 'after')
    return ordered
      .filter((entry) => side(entry.seq) > 0)
      .slice(0, limit)
      .map((entry) => entry.seq);
  const before = ordered.filter((entry) => side(entry.seq) < 0);
  return before.slice(Math.max(0, before.length - limit)).map((entry) => entry.seq);
}

/** Positions `offset` up to `end` (exclusive) of the ids in `seqs` that are in `keep`. */
function take(seqs: Iterable<number>, offset: number, end: number, keep?: IdSet): number[] {
  const out: number[] = [];
  let position = 0;
  if (end <= offset) return out;
  for (const seq of seqs) {
    if (keep && !keep.has(seq)) continue;
    if (position >= offset) out.push(seq);
    position += 1;
    if (position >= end) break;
  }
  return out;
}

function recordOf<T>(live: ReadonlyMap<number, StoredRecord<T>>, seq: number): StoredRecord<T> {
  const found = live.get(seq);
  if (!found) throw new Error(`memoryStore: an index holds id ${seq}, which is not live`);
  return found;
}
