// The hand-written peer of `npm start`'s configuration: node:http and node:sqlite on a table of
// real columns (the zoo's employees, with an index per filter), statements prepared once, a cached
// ES256 token check with jose, a fixed-window counter per client with the RateLimit headers, an
// ETag, an X-Request-Id, Vary: Origin and pino's asynchronous access line: the work the reference
// service does per read, written the way a careful engineer would write it for this one table.
import { hash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { authorize, fixture, logRequest } from './shared.mjs';

const db = new DatabaseSync(join(mkdtempSync(join(tmpdir(), 'corral-bench-sqlite-')), 'employees.sqlite'));
db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
  CREATE TABLE employees (id INTEGER PRIMARY KEY, version INTEGER NOT NULL DEFAULT 1, name TEXT NOT NULL,
    year_of_birth INTEGER NOT NULL, state TEXT NOT NULL, maturity TEXT NOT NULL) STRICT;
  CREATE INDEX employees_by_state ON employees (state, id);
  CREATE INDEX employees_by_name ON employees (name, id);`);
const insert = db.prepare('INSERT INTO employees (id, name, year_of_birth, state, maturity) VALUES (?, ?, ?, ?, ?)');
for (const r of fixture.records) insert.run(Number(r.id), r.name, r.yearOfBirth, r.state, r.maturity);

const pageRows = db.prepare(
  'SELECT id, version, name, year_of_birth, state, maturity FROM employees ORDER BY id LIMIT ? OFFSET ?',
);
const countRows = db.prepare('SELECT count(*) AS n FROM employees');
const oneRow = db.prepare('SELECT id, version, name, year_of_birth, state, maturity FROM employees WHERE id = ?');

const employee = (row) => ({
  id: String(row.id),
  name: row.name,
  yearOfBirth: row.year_of_birth,
  state: row.state,
  maturity: row.maturity,
  links: [
    { rel: 'self', href: `/v1/employees/${row.id}` },
    { rel: 'salary', href: `/v1/employees/${row.id}/salaryStatements` },
  ],
});

/** A fixed window per client, as the reference service counts: quota and window from its settings. */
const quota = 1_000_000_000;
const windowMs = 60_000;
const windows = new Map();
function count(client) {
  const now = Date.now();
  let window = windows.get(client);
  if (!window || window.ends <= now) windows.set(client, (window = { ends: now + windowMs, used: 0 }));
  window.used++;
  return {
    remaining: Math.max(0, quota - window.used),
    resetSeconds: Math.ceil((window.ends - now) / 1000),
    allowed: window.used <= quota,
  };
}

function send(req, res, started, status, text, extra) {
  const requestId = randomUUID();
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    vary: 'Origin',
    'x-request-id': requestId,
    ...extra,
  });
  res.end(text);
  logRequest(requestId, req.method, req.url.split('?')[0], status, started);
}

const positive = (value, fallback) => (value === null ? fallback : /^\d{1,9}$/.test(value) ? Number(value) : undefined);

const server = createServer(async (req, res) => {
  const started = performance.now();
  const claims = await authorize(req.headers.authorization);
  if (!claims) return send(req, res, started, 401, '{"message":"Authentication is required"}');
  const used = count(claims.client_id ?? claims.sub);
  const limits = {
    'ratelimit-policy': `"default";q=${quota};w=${windowMs / 1000}`,
    ratelimit: `"default";r=${used.remaining};t=${used.resetSeconds}`,
  };
  if (!used.allowed) return send(req, res, started, 429, '{"message":"Too many requests"}', limits);
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/v1/employees') {
    const limit = positive(url.searchParams.get('limit'), 10);
    const offset = positive(url.searchParams.get('offset'), 0);
    if (limit === undefined || offset === undefined || limit < 1 || limit > 100)
      return send(req, res, started, 400, '{"message":"Bad paging"}', limits);
    const total = countRows.get().n;
    const links = [];
    if (offset + limit < total)
      links.push({ rel: 'nextPage', href: `/v1/employees?offset=${offset + limit}&limit=${limit}` });
    if (offset > 0)
      links.push({ rel: 'previousPage', href: `/v1/employees?offset=${Math.max(0, offset - limit)}&limit=${limit}` });
    const text = JSON.stringify({ offset, limit, total, employees: pageRows.all(limit, offset).map(employee), links });
    return send(req, res, started, 200, text, {
      ...limits,
      etag: `"${hash('sha256', text, 'base64url').slice(0, 22)}"`,
    });
  }
  const match = /^\/v1\/employees\/([1-9][0-9]{0,14})$/.exec(url.pathname);
  const row = match && oneRow.get(Number(match[1]));
  if (!row) return send(req, res, started, 404, '{"message":"Not found"}', limits);
  send(req, res, started, 200, JSON.stringify(employee(row)), { ...limits, etag: `"v${row.version}"` });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
