import type { ChangeKind } from '@corral/core';
import type { LogRow } from '@corral/sql';

/**
 * Positions are `<xid>-<seq>`: the writing transaction's id and a sequence value, with `-<i>` for
 * the i-th change of a row holding several (`<xid>-<seq>` alone then means the whole row). A read
 * delivers only rows of transactions below the horizon (`pg_snapshot_xmin`: every older
 * transaction has ended), in (xid, seq) order, so a transaction that started first and commits
 * last is still delivered, after the position of every reader that could have missed it. A long
 * transaction anywhere in the database holds the horizon, and with it every feed, until it ends.
 */
const positionPattern = /^(\d{1,20})-(\d{1,20})(?:-(\d{1,9}))?$/;

// What the columns hold (xid8, bigint): a larger number is no position, and PostgreSQL would refuse it.
const largestXid = 2n ** 64n - 1n;
const largestSeq = 2n ** 63n - 1n;

/** A position's row, and the change within it (undefined: the whole row). */
export type Parsed = [xid: bigint, seq: bigint, item: number | undefined];

export function parse(position: string): Parsed | undefined {
  const match = positionPattern.exec(position);
  if (!match) return undefined;
  const xid = BigInt(match[1]!);
  const seq = BigInt(match[2]!);
  const item = match[3] === undefined ? undefined : Number(match[3]);
  return xid <= largestXid && seq <= largestSeq ? [xid, seq, item] : undefined;
}

/** Orders two numbers of a position; `undefined` (a whole row) after every change within it. */
export function order(a: bigint | number | undefined, b: bigint | number | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return a < b ? -1 : 1;
}

type Json = Record<string, unknown>;

/** A row of the log as read: a change, or (`ids` given) the changes of one statement, in order. */
export interface StoredRow {
  readonly xid: string;
  readonly seq: string;
  readonly collection: string;
  readonly id: string | null;
  readonly kind: ChangeKind;
  readonly version: string | null;
  readonly at: Date;
  readonly data: Json | (Json | null)[] | null;
  readonly previous: Json | (Json | null)[] | null;
  readonly ids: string[] | null;
  readonly versions: (string | null)[] | null;
}

/** The changes a log row holds: itself, or each of the creates of one statement it keeps together. */
export function changesOfRow(row: StoredRow, after: Parsed | undefined): LogRow[] {
  const common = { collection: row.collection, kind: row.kind, at: row.at };
  if (row.ids === null)
    return [
      {
        ...common,
        position: `${row.xid}-${row.seq}`,
        id: row.id ?? '',
        version: Number(row.version ?? 0),
        row: (row.data as Json | null) ?? undefined,
        previousRow: (row.previous as Json | null) ?? undefined,
      },
    ];
  // Part of this row may have been read already: its changes through `after`'s.
  const from = after && String(after[0]) === row.xid && String(after[1]) === row.seq ? (after[2] ?? Infinity) + 1 : 0;
  const { ids } = row;
  const data = row.data as (Json | null)[] | null;
  const previous = row.previous as (Json | null)[] | null;
  const changes: LogRow[] = [];
  for (let i = from; i < ids.length; i++)
    changes.push({
      ...common,
      position: `${row.xid}-${row.seq}-${i}`,
      id: ids[i]!,
      version: Number(row.versions?.[i] ?? 0),
      row: data?.[i] ?? undefined,
      previousRow: previous?.[i] ?? undefined,
    });
  return changes;
}
