// The hand-written peer for PostgreSQL: node:http and pg on a table of real columns with ordinary
// indexes (db-items.mjs), named prepared statements, the count rule of PostgREST's count=estimated,
// the same envelope and links, an ETag per record from its version and per page from its body, and
// a request id. Only what the benchmark asks is served.
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { envelope, itemOf, listQuery, totalOf } from './db-items.mjs';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
const table = `"${process.env.BENCH_SCHEMA}".items`;
const columns = 'id, version, name, state, year_of_birth';

/** WHERE and ORDER BY of a list, with its parameters. */
function plan({ state, query, sortby }) {
  const where = [];
  const values = [];
  if (state) where.push(`state = $${values.push(state)}`);
  if (query)
    where.push(`lower(name) LIKE $${values.push(`%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  const order = sortby === 'name' ? '(name COLLATE "C") ASC, id ASC' : 'id ASC';
  return { where: where.length ? where.join(' AND ') : 'true', order, values };
}

async function list(url) {
  const q = listQuery(url);
  const { where, order, values } = plan(q);
  const page = `SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`;
  // A search is planned for its pattern every time (unnamed): a plan made for any pattern scans the table for a rare one.
  const named = (name, text, parameters) =>
    q.query ? { text, values: parameters } : { name, text, values: parameters };
  const rows = (await pool.query(named(`page ${where} ${order}`, page, [...values, q.limit, q.offset]))).rows;
  const counted = await totalOf(
    q,
    rows,
    // Unnamed, so the planner estimates these values (a generic plan would estimate every value alike).
    async () =>
      (await pool.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${where}`, values)).rows[0]['QUERY PLAN'][0]
        .Plan['Plan Rows'],
    async () =>
      Number(
        (await pool.query(named(`count ${where}`, `SELECT count(*) AS n FROM ${table} WHERE ${where}`, values))).rows[0]
          .n,
      ),
  );
  const text = JSON.stringify(envelope(url, q, counted, rows));
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"` };
}

async function one(id) {
  const row = (await pool.query({ name: 'one', text: `SELECT ${columns} FROM ${table} WHERE id = $1`, values: [id] }))
    .rows[0];
  return row && { text: JSON.stringify(itemOf(row)), etag: `"v${row.version}"` };
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  const match = /^\/v1\/items\/([1-9][0-9]{0,17})$/.exec(url.pathname);
  const answer = match ? await one(match[1]) : url.pathname === '/v1/items' ? await list(url) : undefined;
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
