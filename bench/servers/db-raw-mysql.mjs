// The hand-written peer for MariaDB: node:http and mysql2 (pool, prepared statements) on a table of
// real columns with ordinary indexes (mariadb.mjs makes it), the count rule of PostgREST's
// count=estimated (EXPLAIN's row estimate), the same envelope and links and ETags as the others.
// Each write is one autocommit statement (an update is read back: MariaDB has no UPDATE ...
// RETURNING); no revision, tombstone or change log is kept.
import { createHash } from 'node:crypto';
import mysql from 'mysql2/promise';
import { envelope, itemOf, listQuery, totalOf } from './db-items.mjs';
import { itemServer } from './db-peer.mjs';

const pool = mysql.createPool({ uri: process.env.BENCH_DATABASE_URL, connectionLimit: 10, supportBigNumbers: true });
const columns = 'id, version, name, state, year_of_birth';

/** WHERE and ORDER BY of a list, with its parameters (text is compared by code point: the columns' collation). */
function plan({ state, query, sortby }) {
  const where = [];
  const values = [];
  if (state) where.push('state = ?') && values.push(state);
  if (query) {
    where.push(`LOWER(name) LIKE ? ESCAPE '!'`);
    values.push(`%${query.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`);
  }
  const order = sortby === 'name' ? 'name ASC, id ASC' : 'id ASC';
  return { where: where.length ? where.join(' AND ') : 'TRUE', order, values };
}

async function list(url) {
  const q = listQuery(url);
  const { where, order, values } = plan(q);
  const [rows] = await pool.execute(`SELECT ${columns} FROM items WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`, [
    ...values,
    q.limit,
    q.offset,
  ]);
  const counted = await totalOf(
    q,
    rows,
    async () => Number((await pool.execute(`EXPLAIN SELECT 1 FROM items WHERE ${where}`, values))[0][0].rows),
    async () => Number((await pool.execute(`SELECT count(*) AS n FROM items WHERE ${where}`, values))[0][0].n),
  );
  const text = JSON.stringify(envelope(url, q, counted, rows));
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"` };
}

async function one(id) {
  const [[row]] = await pool.execute(`SELECT ${columns} FROM items WHERE id = ?`, [id]);
  return row && { text: JSON.stringify(itemOf(row)), etag: `"v${row.version}"` };
}

/** Why a guarded write changed nothing: the record is missing, or at another version. */
const refused = async (id) => ((await pool.execute('SELECT 1 FROM items WHERE id = ?', [id]))[0].length ? 412 : 404);

const server = itemServer({
  idDigits: 18,
  list,
  one,
  create: async (data) =>
    (
      await pool.execute(`INSERT INTO items (name, state, year_of_birth) VALUES (?, ?, ?) RETURNING ${columns}`, [
        data.name,
        data.state,
        data.yearOfBirth,
      ])
    )[0][0],
  update: async (id, version, data) => {
    const guard = version === undefined ? '' : ' AND version = ?';
    const [result] = await pool.execute(
      `UPDATE items SET name = COALESCE(?, name), state = COALESCE(?, state), year_of_birth = COALESCE(?, year_of_birth),
        version = version + 1 WHERE id = ?${guard}`,
      [
        data.name ?? null,
        data.state ?? null,
        data.yearOfBirth ?? null,
        id,
        ...(version === undefined ? [] : [version]),
      ],
    );
    if (result.affectedRows === 0) return refused(id);
    return (await pool.execute(`SELECT ${columns} FROM items WHERE id = ?`, [id]))[0][0];
  },
  remove: async (id, version) => {
    const guard = version === undefined ? '' : ' AND version = ?';
    const [result] = await pool.execute(
      `DELETE FROM items WHERE id = ?${guard}`,
      version === undefined ? [id] : [id, version],
    );
    return result.affectedRows === 1 || (await refused(id));
  },
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
