// The hand-written peer for the PostgreSQL benchmark: node:http and pg, named prepared statements,
// the statements Corral's store runs (capped count, planner estimate above it, the page), the same
// envelope and links. Only what the benchmark asks is served.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
const table = `"${process.env.BENCH_SCHEMA}"."items"`;
const cap = 10_000;
const kind = `((data->>'state') COLLATE "C")`;
const name = `((data->>'name') COLLATE "C")`;
const statements = {
  one: `SELECT seq, version, data FROM ${table} WHERE seq = $1 AND NOT deleted`,
  countFiltered: `SELECT count(*)::bigint AS n FROM (SELECT 1 FROM ${table} WHERE NOT deleted AND ${kind} = $1 LIMIT ${cap + 1}) AS capped`,
  pageFiltered: `SELECT seq, version, data FROM ${table} WHERE NOT deleted AND ${kind} = $1 ORDER BY ${name} ASC NULLS LAST, seq ASC LIMIT $2 OFFSET $3`,
  countSearch: `SELECT count(*)::bigint AS n FROM (SELECT 1 FROM ${table} WHERE NOT deleted AND "search_name" LIKE $1 LIMIT ${cap + 1}) AS capped`,
  pageSearch: `SELECT seq, version, data FROM ${table} WHERE NOT deleted AND "search_name" LIKE $1 ORDER BY seq ASC LIMIT $2 OFFSET $3`,
  countAll: `SELECT count(*)::bigint AS n FROM (SELECT 1 FROM ${table} WHERE NOT deleted LIMIT ${cap + 1}) AS capped`,
  pageAll: `SELECT seq, version, data FROM ${table} WHERE NOT deleted ORDER BY seq ASC LIMIT $1 OFFSET $2`,
  revision: `SELECT revision FROM "${process.env.BENCH_SCHEMA}".corral_revisions WHERE collection = 'items'`,
};
const run = (name, values) => pool.query({ name, text: statements[name], values });

async function total(countName, where, values) {
  const n = Number((await run(countName, values)).rows[0].n);
  if (n <= cap) return { total: n, estimated: false };
  const plan = await pool.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${where}`, values);
  return { total: Math.max(n, Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'])), estimated: true };
}

const item = (row) => ({ id: String(row.seq), ...row.data, links: [{ rel: 'self', href: `/v1/items/${row.seq}` }] });

function page(path, params, offset, limit, counted, rows, revision) {
  const links = offset + limit < counted.total ? [{ rel: 'nextPage', href: `${path}?${new URLSearchParams({ ...params, offset: String(offset + limit), limit: String(limit) })}` }] : [];
  return { body: { offset, limit, total: counted.total, ...(counted.estimated ? { totalEstimated: true } : {}), items: rows.map(item), links }, etag: `"r${revision}"` };
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  const limit = Number(url.searchParams.get('limit') ?? 10);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  let answer;
  const match = /^\/v1\/items\/(\d+)$/.exec(url.pathname);
  if (match) {
    const row = (await run('one', [match[1]])).rows[0];
    answer = row ? { body: item(row), etag: `"v${row.version}"` } : undefined;
  } else if (url.pathname === '/v1/items') {
    const state = url.searchParams.get('state');
    const revision = (await run('revision', [])).rows[0].revision;
    const query = url.searchParams.get('query');
    if (query) {
      const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const counted = await total('countSearch', `NOT deleted AND "search_name" LIKE $1`, [pattern]);
      answer = page(url.pathname, { query }, offset, limit, counted, (await run('pageSearch', [pattern, limit, offset])).rows, revision);
    } else if (state) {
      const counted = await total('countFiltered', `NOT deleted AND ${kind} = $1`, [state]);
      const rows = (await run('pageFiltered', [state, limit, offset])).rows;
      answer = page(url.pathname, { state, sortby: 'name' }, offset, limit, counted, rows, revision);
    } else {
      const counted = await total('countAll', 'NOT deleted', []);
      answer = page(url.pathname, {}, offset, limit, counted, (await run('pageAll', [limit, offset])).rows, revision);
    }
  }
  const text = JSON.stringify(answer?.body ?? { error: 'Not found' });
  res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...(answer ? { etag: answer.etag } : {}), 'x-request-id': crypto.randomUUID() });
  res.end(text);
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
