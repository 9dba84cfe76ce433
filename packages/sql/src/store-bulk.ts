import type { DeleteAllResult, Lookup, ReplaceEntry, ReplaceManyResult, StoredRecord } from '@corral/core';
import { keyOfId, keysOfIds } from './ids.js';
import { planReplaceMany } from './outcomes.js';
import { overwriteRow, removeRows, type WriteSource } from './table-writes.js';

/** The collection's revision inside a bulk write's unit, locked where the dialect locks rows. */
async function lockedRevision<C>(source: WriteSource<unknown, C>, on: C): Promise<number> {
  const { dialect, driver } = source;
  const sql = dialect.bookkeeping.revisionRead(dialect.placeholder(1), dialect.can.rowLocks);
  const [row] = await driver.rows(on, sql, [source.map.collection], { arrays: true });
  return Number((row as unknown[])[0]);
}

/**
 * Deletes every record if the revision is still `expectedRevision` (when given). Record rows are
 * locked first, then the revision: the order single writes take them in, so the two never deadlock.
 */
export async function bulkDelete<C>(
  source: WriteSource<unknown, C>,
  on: C,
  expectedRevision: number | undefined,
): Promise<DeleteAllResult> {
  const { dialect, driver, map } = source;
  if (dialect.can.rowLocks)
    await driver.rows(
      on,
      `SELECT 1 FROM ${source.shape.table} ORDER BY ${dialect.quote(map.id.column)} FOR UPDATE`,
      [],
    );
  const revision = await lockedRevision(source, on);
  if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
  const count = await removeRows(source, on, () => '1 = 1');
  // A committed write, even of nothing (the triggers count rows, and there were none).
  if (count === 0) await driver.run(on, dialect.bookkeeping.revisionBump(dialect.placeholder(1)), [map.collection]);
  return { status: 'ok', count };
}

/**
 * Overwrites the records of `entries` if the revision is still `expectedRevision` (when given),
 * each against its expected version; the rows are read (and locked, in id order) first.
 */
export async function bulkReplace<T, C>(
  source: WriteSource<T, C>,
  on: C,
  entries: readonly ReplaceEntry<T>[],
  expectedRevision: number | undefined,
): Promise<ReplaceManyResult<T>> {
  const { dialect, driver, map } = source;
  const keys = keysOfIds(
    map.id.storage,
    entries.map((entry) => entry.id),
  );
  const lock = dialect.can.rowLocks ? ' FOR UPDATE' : '';
  const rows =
    keys.length === 0
      ? []
      : await driver.rows(
          on,
          `SELECT ${source.shape.selected} FROM ${source.shape.table} WHERE ${dialect.idIn(map, dialect.placeholder(1))} ORDER BY ${dialect.quote(map.id.column)}${lock}`,
          [dialect.idList(map, keys)],
          { arrays: true },
        );
  const found = new Map(rows.map((row) => source.shape.record(row)).map((record) => [record.id, record]));
  const absent = keys.filter((key) => !found.has(key));
  const gone = absent.length > 0 ? await source.reads(on).tombstones(absent) : new Set<string>();
  const current = new Map<string, Lookup<T>>(
    keys.map((key) => {
      const record = found.get(key);
      return [key, record ? { status: 'found', record } : { status: gone.has(key) ? 'gone' : 'missing' }];
    }),
  );
  const revision = await lockedRevision(source, on);
  if (expectedRevision !== undefined && expectedRevision !== revision) return { status: 'stale', revision };
  // Counted versions go up by one per write; a digest or a row's xmin cannot be foretold, so a
  // repeated id with an expected version is refused.
  const plan = planReplaceMany(
    entries,
    (id) => keyOfId(map.id.storage, id),
    current,
    (version) => (map.version ? version + 1 : undefined),
  );
  if ('refused' in plan) return plan.refused;
  const records: StoredRecord<T>[] = [];
  for (const step of plan.steps) records.push((await overwriteRow(source, on, step.key, step.data, undefined))!);
  return { status: 'ok', records };
}
