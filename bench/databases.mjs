// Corral on PostgreSQL and SQLite against hand-written node:http servers doing the same work on
// tables of real columns with ordinary indexes, at 10k and 1M rows: the list page, a filtered
// sorted page, one record, a search and a filtered page at offset 5,000. Every server counts the
// way PostgREST's count=estimated does. Tables are filled once and kept between runs; statistics
// are refreshed every run. Rounds alternate the servers' order; medians are reported.
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { measure } from './load.mjs';
import { handMadeTable, nameSql, stateSql, yearSql } from './servers/db-items.mjs';
import { startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const databaseUrl = process.env.CORRAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const endpoints = {
  'list page': '/v1/items?limit=10',
  'filtered sorted page': '/v1/items?state=internal&sortby=name&limit=10',
  'one record': '/v1/items/777',
  search: '/v1/items?query=c0ffe&limit=10',
  'filtered page at offset 5,000': '/v1/items?state=internal&sortby=name&offset=5000&limit=10',
};

export async function postgres(schema, work) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}", public`);
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Fills `items` in the schema with `size` rows unless it has them; statistics every run. */
export async function fillPostgres(schema, size, makeTable) {
  await postgres(schema, async (client) => {
    if (makeTable) for (const sql of handMadeTable) await client.query(sql);
    const { rows } = await client.query('SELECT count(*)::integer AS n FROM items');
    if (rows[0].n !== size) {
      console.error(`filling ${schema}.items with ${size} rows`);
      await client.query('SET synchronous_commit = off');
      await client.query('DELETE FROM items');
      await client.query(
        `INSERT INTO items (name, state, year_of_birth) SELECT ${nameSql.postgres}, ${stateSql}, ${yearSql} FROM generate_series(1, ${size}) AS i`,
      );
      await client.query('VACUUM items');
    }
    await client.query('ANALYZE items');
    // As autovacuum leaves them in steady state: the store's bookkeeping tables vacuumed and analysed.
    const own = await client.query(
      `SELECT tablename FROM pg_tables WHERE schemaname = $1 AND tablename LIKE 'corral\\_%'`,
      [schema],
    );
    for (const { tablename } of own.rows) await client.query(`VACUUM ANALYZE "${schema}"."${tablename}"`);
  });
}

export function fillSqlite(file, size) {
  const db = new DatabaseSync(file);
  try {
    if (Number(db.prepare('SELECT count(*) AS n FROM items').get().n) !== size) {
      console.error(`filling ${file} with ${size} rows`);
      db.exec('DELETE FROM items');
      db.exec(`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${size})
        INSERT INTO items (name, state, year_of_birth) SELECT ${nameSql.sqlite}, ${stateSql}, ${yearSql} FROM s`);
    }
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
}

/**
 * Every server gives the same answer to every endpoint, or the comparison means nothing. A table
 * Corral made keeps a live count, so its unfiltered total is exact where the others estimate it:
 * with `recordsOnly`, only the records must agree.
 */
async function sameAnswers(servers, recordsOnly = false) {
  for (const path of Object.values(endpoints)) {
    const bodies = await Promise.all(
      servers.map(async ({ origin }) => {
        const body = await (await fetch(`${origin}${path}`)).json();
        return recordsOnly ? (body.items ?? body) : body;
      }),
    );
    if (!bodies.every((body) => isDeepStrictEqual(body, bodies[0])))
      throw new Error(`servers disagree on ${path}: ${JSON.stringify(bodies).slice(0, 2000)}`);
  }
}

/** Interleaved rounds of every endpoint on every server; median req/s per server and endpoint. */
async function rounds(servers, count, timing) {
  const samples = {};
  for (let round = 0; round < count; round++) {
    const order = Object.keys(servers);
    for (let i = 0; i < round; i++) order.push(order.shift());
    for (const [label, path] of Object.entries(endpoints)) {
      for (const name of order) {
        const { rps } = await measure(`${servers[name].origin}${path}`, { ...timing, timeoutSeconds: 30 });
        ((samples[name] ??= {})[label] ??= []).push(rps);
        console.error(`db round ${round + 1} ${label} ${name}: ${Math.round(rps)} req/s`);
      }
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, byLabel]) => [
      name,
      Object.fromEntries(Object.entries(byLabel).map(([label, values]) => [label, median(values)])),
    ]),
  );
}

/** A JSON answer, asked again when a kept-alive connection was closed under the request (EPIPE, reset). */
async function fetchJson(url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await fetch(url);
      if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
      return await answer.json();
    } catch (error) {
      if (attempt >= attempts || !(error instanceof TypeError)) throw error;
    }
  }
}

/**
 * Cursor paging: the first page by cursor against a page deep in the list (page 10,000 at 1M rows),
 * whose URL is found by following nextPage links from the first. Both on the same server, same run.
 */
async function cursorDepth(server, size, timing, count) {
  const depth = Math.min(10_000, Math.floor(size / 20));
  const first = '/v1/items?paging=cursor&sortby=name&limit=10';
  let path = first;
  for (let page = 1; page < depth; page++) {
    const body = await fetchJson(`${server.origin}${path}`);
    path = body.links.find((link) => link.rel === 'nextPage').href;
  }
  const samples = { first: [], deep: [] };
  for (let round = 0; round < count; round++) {
    for (const [label, url] of round % 2 === 0
      ? [
          ['first', first],
          ['deep', path],
        ]
      : [
          ['deep', path],
          ['first', first],
        ]) {
      const { rps } = await measure(`${server.origin}${url}`, { ...timing, timeoutSeconds: 30 });
      samples[label].push(rps);
      console.error(`db round ${round + 1} cursor page ${label === 'first' ? 1 : depth}: ${Math.round(rps)} req/s`);
    }
  }
  return { depth, first: median(samples.first), deep: median(samples.deep) };
}

export { cursorDepth };

export async function databaseBench({
  quick,
  timing,
  rounds: roundCount = 3,
  sizes = quick ? [10_000] : [10_000, 1_000_000],
}) {
  const labels = Object.keys(endpoints);
  const lines = [
    '',
    '## Databases: Corral against hand-written servers on the same tables',
    '',
    `Servers on the server core, wrk on the other; PostgreSQL 15 on this machine (not pinned). ${roundCount} interleaved round(s), medians. Tables of real columns with ordinary indexes, filled once and kept; every server counts like PostgREST's count=estimated (the estimate first, an exact count at or under 10,000, a page that ends the list exact). "owned" is Corral serving the hand-made table through \`store({ table })\`; "managed" a table Corral made and keeps.`,
    '',
    `| rows | server | ${labels.map((l) => `${l} req/s`).join(' | ')} |`,
    `|---:|---|${labels.map(() => '---:').join('|')}|`,
  ];
  const ratioLines = [
    '',
    `| rows | ratio | ${labels.join(' | ')} |`,
    `|---:|---|${labels.map(() => '---:').join('|')}|`,
  ];
  const results = {};
  const cursors = {};
  const cursorLines = [
    '',
    'Cursor paging (`paging=cursor&sortby=name&limit=10`) on corral pg (owned table): the first page against a page deep in the list, reached by following nextPage.',
    '',
    '| rows | deep page | page 1 req/s | deep page req/s | deep / page 1 |',
    '|---:|---:|---:|---:|---:|',
  ];
  for (const size of sizes) {
    const schema = `corral_bench_cols_${size}`;
    const managedSchema = `corral_bench_managed_${size}`;
    const file = join(tmpdir(), `corral-bench-cols-${size}.sqlite`);
    const base = { BENCH_DATABASE_URL: databaseUrl };
    await fillPostgres(schema, size, true);
    const servers = {};
    servers['hand-written pg'] = await startServer(here('./servers/db-raw-pg.mjs'), { ...base, BENCH_SCHEMA: schema });
    servers['corral pg (owned table)'] = await startServer(here('./servers/db-corral.mjs'), {
      ...base,
      BENCH_DB: 'postgres',
      BENCH_SCHEMA: schema,
      BENCH_MODE: 'owned',
    });
    servers['corral pg (managed table)'] = await startServer(here('./servers/db-corral.mjs'), {
      ...base,
      BENCH_DB: 'postgres',
      BENCH_SCHEMA: managedSchema,
      BENCH_MODE: 'managed',
    });
    await fillPostgres(managedSchema, size, false);
    await fillPostgres(schema, size, true); // again, now that Corral made its bookkeeping tables beside the hand-made one
    servers['corral sqlite (managed table)'] = await startServer(here('./servers/db-corral.mjs'), {
      BENCH_DB: 'sqlite',
      BENCH_FILE: file,
      BENCH_MODE: 'managed',
    });
    fillSqlite(file, size);
    servers['hand-written sqlite'] = await startServer(here('./servers/db-raw-sqlite.mjs'), { BENCH_FILE: file });
    try {
      await sameAnswers([servers['hand-written pg'], servers['corral pg (owned table)']]);
      await sameAnswers([servers['hand-written pg'], servers['corral pg (managed table)']], true);
      await sameAnswers([servers['hand-written sqlite'], servers['corral sqlite (managed table)']], true);
      const medians = (results[size] = await rounds(servers, roundCount, timing));
      for (const [name, byLabel] of Object.entries(medians))
        lines.push(
          `| ${size.toLocaleString('en')} | ${name} | ${labels.map((l) => Math.round(byLabel[l])).join(' | ')} |`,
        );
      const ratio = (name, peer) =>
        `| ${size.toLocaleString('en')} | ${name} / ${peer} | ${labels.map((l) => (medians[name][l] / medians[peer][l]).toFixed(2)).join(' | ')} |`;
      ratioLines.push(
        ratio('corral pg (owned table)', 'hand-written pg'),
        ratio('corral pg (managed table)', 'hand-written pg'),
        ratio('corral sqlite (managed table)', 'hand-written sqlite'),
      );
      const cursor = (cursors[size] = await cursorDepth(servers['corral pg (owned table)'], size, timing, roundCount));
      cursorLines.push(
        `| ${size.toLocaleString('en')} | ${cursor.depth.toLocaleString('en')} | ${Math.round(cursor.first)} | ${Math.round(cursor.deep)} | ${(cursor.deep / cursor.first).toFixed(2)} |`,
      );
    } finally {
      for (const server of Object.values(servers)) server.stop();
    }
  }
  lines.push(...ratioLines, ...cursorLines);
  const ratios = {};
  for (const size of sizes)
    ratios[`${size} cursor page ${cursors[size].depth} / page 1`] = cursors[size].deep / cursors[size].first;
  for (const size of sizes)
    for (const label of labels)
      ratios[`${size} ${label}: corral pg (owned table) / hand-written pg`] =
        results[size]['corral pg (owned table)'][label] / results[size]['hand-written pg'][label];
  return { lines, results, ratios };
}
