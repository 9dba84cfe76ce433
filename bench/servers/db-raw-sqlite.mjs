// The hand-written peer for SQLite: node:http and node:sqlite on the same file and table of real
// columns Corral reads (id, version, name, state, year_of_birth, with an index per filter and sort
// and per filter-sort pair), statements prepared once, the same count rule (ANALYZE's statistics
// first), the same envelope and links, ETags and a request id.
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { envelope, itemOf, listQuery, totalOf } from './db-items.mjs';

const db = new DatabaseSync(process.env.BENCH_FILE);
db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000');
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

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  const match = /^\/v1\/items\/([1-9][0-9]{0,14})$/.exec(url.pathname);
  const answer = match ? one(match[1]) : url.pathname === '/v1/items' ? await list(url) : undefined;
  const text = answer?.text ?? '{"error":"Not found"}';
  res.writeHead(answer ? 200 : 404, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...(answer ? { etag: answer.etag } : {}),
    'x-request-id': randomUUID(),
  });
  res.end(text);
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
