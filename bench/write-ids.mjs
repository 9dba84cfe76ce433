// The records a server's PATCH and DELETE runs may use, so that no request of the write benchmark
// meets a record another request changed: ranges of ids inserted straight into the table (the
// server is idle then), at version 1. A PATCH run takes fresh records (If-Match "v1") and leaves
// them patched; a DELETE run takes patched ones first (it sends no If-Match), then fresh ones.
import { DatabaseSync } from 'node:sqlite';
import { nameSql, stateSql, yearSql } from './servers/db-items.mjs';
import { postgres } from './databases.mjs';

const count = (ranges) => ranges.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);

/** The first `n` ids of the ranges, and the rest. */
function split(ranges, n) {
  const head = [];
  const tail = [];
  for (const [lo, hi] of ranges) {
    const taken = Math.max(0, Math.min(n, hi - lo + 1));
    if (taken > 0) head.push([lo, lo + taken - 1]);
    if (taken < hi - lo + 1) tail.push([lo + taken, hi]);
    n -= taken;
  }
  return [head, tail];
}

/** Inserts `n` rows in one statement; their ids, one range (nothing else writes the table meanwhile). */
export const postgresRows = (schema) => async (n) =>
  postgres(schema, async (client) => {
    const { rows } = await client.query(
      `WITH added AS (INSERT INTO items (name, state, year_of_birth)
        SELECT ${nameSql.postgres}, ${stateSql}, ${yearSql} FROM generate_series(1, $1::integer) AS i RETURNING id)
      SELECT min(id)::text AS lo, max(id)::text AS hi, count(*)::integer AS n FROM added`,
      [n],
    );
    return contiguous(Number(rows[0].lo), Number(rows[0].hi), rows[0].n);
  });

/**
 * The same for SQLite: the table's AUTOINCREMENT sequence before and after, in one transaction;
 * `counted` (SQL taking n) keeps a table's bookkeeping where no trigger does.
 */
export const sqliteRows = (file, counted) => async (n) => {
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA busy_timeout = 5000; BEGIN IMMEDIATE');
    const last = () => Number(db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'items'`).get()?.seq ?? 0);
    const before = last();
    db.prepare(`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?)
      INSERT INTO items (name, state, year_of_birth) SELECT ${nameSql.sqlite}, ${stateSql}, ${yearSql} FROM s`).run(n);
    const after = last();
    if (counted) db.prepare(counted).run(n);
    db.exec('COMMIT');
    return contiguous(before + 1, after, n);
  } finally {
    db.close();
  }
};

function contiguous(lo, hi, n) {
  if (hi - lo + 1 !== n) throw new Error(`ids ${lo}-${hi} of ${n} new rows are not contiguous`);
  return [lo, hi];
}

/** The unused records of one server; `insert(n)` adds n rows and gives their range of ids. */
export class RecordPool {
  fresh = [];
  patched = [];

  constructor(insert) {
    this.insert = insert;
  }

  /** Ids for a run of `operation` ('PATCH' or 'DELETE'): at least `n` of them, inserted when missing. */
  async lend(operation, n) {
    const usable = () => (operation === 'PATCH' ? this.fresh : [...this.patched, ...this.fresh]);
    const missing = n - count(usable());
    // In thousands: the next run can then often do without an insert of its own.
    if (missing > 0) this.fresh.push(await this.insert(Math.ceil((missing * 1.5) / 1000) * 1000));
    return split(usable(), n)[0];
  }

  /** The first `sent` ids lent to the run were used (sent, whatever the answer): never lent again as they were. */
  spend(operation, sent) {
    if (operation === 'PATCH') {
      const [used, rest] = split(this.fresh, sent);
      this.fresh = rest;
      this.patched.push(...used);
      return;
    }
    const fromPatched = Math.min(sent, count(this.patched));
    this.patched = split(this.patched, fromPatched)[1];
    this.fresh = split(this.fresh, sent - fromPatched)[1];
  }
}
