// The hand-written peer for SQLite: node:http and node:sqlite on the same file and table of real
// columns Corral reads (id, version, name, state, year_of_birth, with an index per filter and sort
// and per filter-sort pair), statements prepared once, the same count rule (ANALYZE's statistics
// first), the same envelope and links, ETags and a request id.
// Writes (BENCH_WRITES=1, on a file of its own with the same table) keep the bookkeeping Corral's
// triggers keep, in the write's transaction and at its durability (synchronous=FULL): the
// revision and live count move, and a delete leaves a tombstone.
import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { envelope, itemOf, listQuery, totalOf } from './db-items.mjs';
import { itemServer } from './db-peer.mjs';

const db = new DatabaseSync(process.env.BENCH_FILE);
db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000');
if (process.env.BENCH_WRITES)
  db.exec(`CREATE TABLE IF NOT EXISTS revisions
      (tbl TEXT PRIMARY KEY, revision INTEGER NOT NULL, live INTEGER NOT NULL) STRICT;
    CREATE TABLE IF NOT EXISTS tombstones (id INTEGER PRIMARY KEY) STRICT;
    INSERT OR IGNORE INTO revisions VALUES ('items', 0, 0);
    UPDATE revisions SET live = (SELECT count(*) FROM items)`);
const statements = new Map();
const prepared = (sql) => {
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
};
const columns = 'id, version, name, state, year_of_birth';

/** Rows per value of `state` and rows of the table, as ANALYZE measured them. */
function statistics(state) {
  const stat = prepared(`SELECT stat FROM sqlite_stat1 WHERE tbl = 'items' AND idx = ?`).get(
    state ? 'items_by_state' : 'items_by_name',
  );
  return stat ? Number(String(stat.stat).split(' ')[state ? 1 : 0]) : undefined;
}

async function list(url) {
  const q = listQuery(url);
  const where = [];
  const values = [];
  if (q.state) where.push(`state = ?${values.push(q.state)}`);
  if (q.query) {
    const pattern = `%${q.query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(`name LIKE ?${values.push(pattern)} ESCAPE '\\'`);
  }
  const clause = where.length ? where.join(' AND ') : '1 = 1';
  const order = q.sortby === 'name' ? 'name ASC, id ASC' : 'id ASC';
  const rows = prepared(
    `SELECT ${columns} FROM items WHERE ${clause} ORDER BY ${order} LIMIT ?${values.length + 1} OFFSET ?${values.length + 2}`,
  ).all(...values, q.limit, q.offset);
  const counted = await totalOf(
    q,
    rows,
    async () => (q.query ? undefined : statistics(q.state)),
    async () => Number(prepared(`SELECT count(*) AS n FROM items WHERE ${clause}`).get(...values).n),
  );
  const text = JSON.stringify(envelope(url, q, counted, rows));
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"` };
}

function one(id) {
  const row = prepared(`SELECT ${columns} FROM items WHERE id = ?`).get(Number(id));
  return row && { text: JSON.stringify(itemOf(row)), etag: `"v${row.version}"` };
}

/**
 * Runs `work` in one IMMEDIATE transaction (the file's one writer); unless it refused the write (a
 * status), the revision moves and the live count by the `live` it gives.
 */
function transaction(work) {
  prepared('BEGIN IMMEDIATE').run();
  try {
    const result = work();
    if (result !== undefined && typeof result !== 'number')
      prepared(`UPDATE revisions SET revision = revision + 1, live = live + ?1 WHERE tbl = 'items'`).run(
        result.live ?? 0,
      );
    prepared('COMMIT').run();
    return result;
  } catch (error) {
    prepared('ROLLBACK').run();
    throw error;
  }
}
/** Why a guarded write changed nothing: the record is at another version, deleted (410), or never was. */
const refused = (id) =>
  prepared('SELECT 1 FROM items WHERE id = ?').get(id)
    ? 412
    : prepared('SELECT 1 FROM tombstones WHERE id = ?').get(id)
      ? 410
      : 404;
// Without If-Match, then with it. Fields a patch leaves out keep their value: zod refused null, so
// coalesce only sees them absent.
const updates = ['', ' AND version = ?5'].map(
  (guard) => `UPDATE items SET name = coalesce(?2, name), state = coalesce(?3, state),
    year_of_birth = coalesce(?4, year_of_birth), version = version + 1 WHERE id = ?1${guard} RETURNING ${columns}`,
);
const deletes = ['DELETE FROM items WHERE id = ?1', 'DELETE FROM items WHERE id = ?1 AND version = ?2'];
const guarded = (version) => (version === undefined ? 0 : 1);

const server = itemServer({
  idDigits: 15,
  list,
  one,
  create: (data) =>
    transaction(() => ({
      ...prepared(`INSERT INTO items (name, state, year_of_birth) VALUES (?, ?, ?) RETURNING ${columns}`).get(
        data.name,
        data.state,
        data.yearOfBirth,
      ),
      live: 1,
    })),
  update: (id, version, data) =>
    transaction(
      () =>
        prepared(updates[guarded(version)]).get(
          Number(id),
          data.name ?? null,
          data.state ?? null,
          data.yearOfBirth ?? null,
          ...(version === undefined ? [] : [version]),
        ) ?? refused(Number(id)),
    ),
  remove: (id, version) => {
    const done = transaction(() => {
      const gone = prepared(deletes[guarded(version)]).run(
        Number(id),
        ...(version === undefined ? [] : [version]),
      ).changes;
      if (!gone) return refused(Number(id));
      prepared('INSERT OR IGNORE INTO tombstones (id) VALUES (?)').run(Number(id));
      return { live: -1 };
    });
    return typeof done === 'number' ? done : true;
  },
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
