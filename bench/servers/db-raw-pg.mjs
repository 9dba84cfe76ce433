// The hand-written peer for PostgreSQL: node:http and pg on a table of real columns with ordinary
// indexes (db-items.mjs), named prepared statements, the count rule of PostgREST's count=estimated,
// the same envelope and links, an ETag per record from its version and per page from its body, and
// a request id. Only what the benchmark asks is served. Each write is one autocommit statement:
// no revision and no tombstone are kept (the reads do not need them), so Corral's bookkeeping is
// part of what the write benchmark measures against this server.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { envelope, itemOf, listQuery, totalOf } from './db-items.mjs';
import { itemServer } from './db-peer.mjs';

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

/** A write's one statement, named (prepared once per connection), without and with the If-Match guard. */
function statement(name, text, guarded) {
  const both = [
    { name, text },
    { name: `${name} if`, text: text.replace('WHERE id = $1', guarded) },
  ];
  return (version) => both[version === undefined ? 0 : 1];
}
const insert = {
  name: 'insert',
  text: `INSERT INTO ${table} (name, state, year_of_birth) VALUES ($1, $2, $3) RETURNING ${columns}`,
};
// Fields the patch leaves out keep their value: zod refused null, so coalesce only sees them absent.
const update = statement(
  'update',
  `UPDATE ${table} SET name = coalesce($2, name), state = coalesce($3, state),
    year_of_birth = coalesce($4, year_of_birth), version = version + 1 WHERE id = $1 RETURNING ${columns}`,
  'WHERE id = $1 AND version = $5',
);
const remove = statement('delete', `DELETE FROM ${table} WHERE id = $1`, 'WHERE id = $1 AND version = $2');
/** Why a guarded write changed nothing: the record is missing, or at another version. */
const refused = async (id) =>
  (await pool.query({ name: 'exists', text: `SELECT 1 FROM ${table} WHERE id = $1`, values: [id] })).rowCount
    ? 412
    : 404;

const server = itemServer({
  idDigits: 18,
  list,
  one,
  create: async (data) => (await pool.query({ ...insert, values: [data.name, data.state, data.yearOfBirth] })).rows[0],
  update: async (id, version, data) => {
    const values = [id, data.name, data.state, data.yearOfBirth, ...(version === undefined ? [] : [version])];
    return (await pool.query({ ...update(version), values })).rows[0] ?? (await refused(id));
  },
  remove: async (id, version) => {
    const values = version === undefined ? [id] : [id, version];
    return (await pool.query({ ...remove(version), values })).rowCount === 1 || (await refused(id));
  },
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
