// Corral on SQLite and PostgreSQL against a hand-written node:http + pg server running the same
// statements, at 10k and 1M rows: throughput of the list page, the filtered sorted page and a
// single record; one-at-a-time latency of the filtered page with estimated and exact totals
// (the count policy's cost), and of a conditional update. Tables are kept between runs.
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { measure, sequentialLatency } from './load.mjs';
import { nameSql, stateSql, yearSql } from './servers/db-items.mjs';
import { startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const databaseUrl = process.env.CORRAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function fillPostgres(schema, size) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const table = `"${schema}"."items"`;
  const { rows } = await client.query(`SELECT count(*)::integer AS n FROM ${table}`);
  if (rows[0].n !== size) {
    await client.query(`TRUNCATE ${table}`);
    await client.query('SET synchronous_commit = off');
    await client.query(`INSERT INTO ${table} (version, data, search_name) SELECT 1, jsonb_build_object('name', n, 'state', ${stateSql}, 'yearOfBirth', ${yearSql}), lower(n) FROM (SELECT i, ${nameSql.postgres} AS n FROM generate_series(1, ${size}) AS i) AS rows`);
    // Filled behind the store's back: set the count of live records it keeps beside the revision.
    await client.query(`UPDATE "${schema}".corral_revisions SET live = (SELECT count(*) FROM ${table} WHERE NOT deleted) WHERE collection = 'items'`);
    await client.query(`VACUUM ${table}`);
  }
  // Every run: the planner statistics the store asks for at start-up are only filled by ANALYZE.
  await client.query(`ANALYZE ${table}`);
  await client.end();
}

function fillSqlite(file, size) {
  const db = new DatabaseSync(file);
  if (Number(db.prepare('SELECT count(*) AS n FROM items').get().n) !== size) {
    db.exec('DELETE FROM items');
    db.exec(`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${size})
      INSERT INTO items (version, data, search_name) SELECT 1, json_object('name', n, 'state', st, 'yearOfBirth', y), lower(n)
      FROM (SELECT ${nameSql.sqlite} AS n, ${stateSql} AS st, ${yearSql} AS y FROM s)`);
    db.exec(`UPDATE corral_revisions SET live = (SELECT count(*) FROM items WHERE deleted = 0) WHERE collection = 'items'`);
    db.exec('ANALYZE');
  }
  db.close();
}

/** Sequential latency of conditional updates (If-Match from a fresh read), in ms. */
async function patchLatency(origin, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const id = 1 + ((i * 7919) % 1000);
    const read = await fetch(`${origin}/v1/items/${id}`);
    await read.text();
    const started = performance.now();
    const res = await fetch(`${origin}/v1/items/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json', 'if-match': read.headers.get('etag') }, body: JSON.stringify({ yearOfBirth: 1990 + (i % 30) }) });
    await res.text();
    if (res.status !== 200) throw new Error(`PATCH answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return Number(median(times).toFixed(3));
}

export async function databaseBench({ quick, timing }) {
  const sizes = quick ? [10_000] : [10_000, 1_000_000];
  // Search last: on SQLite at 1M rows it scans, and its backlog must not slow the next measurement.
  const endpoints = { 'list page': '/v1/items?limit=10', 'filtered sorted page': '/v1/items?state=internal&sortby=name&limit=10', 'single record': '/v1/items/777', search: '/v1/items?query=c0ffe&limit=10' };
  const lines = ['', '## Databases: Corral on SQLite and PostgreSQL, and a hand-written pg server', '',
    `Servers on the server core, load on the other; PostgreSQL 15 on this machine (not pinned). ${quick ? '' : 'Tables are filled once and kept between runs. '}Lists allow estimated totals above 10,000 (the count policy); "exact" is the same page counting every match.`, '',
    '| rows | server | list page req/s | filtered sorted page req/s | single record req/s | search req/s |', '|---:|---|---:|---:|---:|---:|'];
  const latency = [];
  const results = {};
  for (const size of sizes) {
    const schema = `corral_bench_${size}`;
    const file = join(tmpdir(), `corral-bench-${size}.sqlite`);
    const base = { BENCH_DATABASE_URL: databaseUrl, BENCH_SCHEMA: schema, BENCH_FILE: file };
    const servers = {};
    servers['corral sqlite'] = await startServer(here('./servers/db-corral.mjs'), { ...base, BENCH_DB: 'sqlite' });
    fillSqlite(file, size);
    servers['corral postgres'] = await startServer(here('./servers/db-corral.mjs'), { ...base, BENCH_DB: 'postgres' });
    await fillPostgres(schema, size);
    servers['hand-written pg'] = await startServer(here('./servers/db-raw-pg.mjs'), base);
    const bySize = (results[size] = {});
    for (const [name, server] of Object.entries(servers)) {
      const row = {};
      for (const [label, path] of Object.entries(endpoints)) {
        row[label] = (await measure(`${server.origin}${path}`, { ...timing, timeoutSeconds: 30 })).rps;
        console.error(`db ${size} ${name} ${label}: ${Math.round(row[label])} req/s`);
      }
      bySize[name] = row;
      lines.push(`| ${size.toLocaleString('en')} | ${name} | ${Object.keys(endpoints).map((label) => Math.round(row[label])).join(' | ')} |`);
    }
    for (const name of ['corral sqlite', 'corral postgres']) {
      const { origin } = servers[name];
      const estimated = await sequentialLatency(`${origin}${endpoints['filtered sorted page']}`, { requests: quick ? 200 : 1000, warmup: 50 });
      const exact = await sequentialLatency(`${origin}/v2/items?state=internal&sortby=name&limit=10`, { requests: quick ? 50 : 200, warmup: 10 });
      const patch = await patchLatency(origin, quick ? 100 : 300);
      bySize[name].latency = { estimated: estimated.p50, exact: exact.p50, patch };
      latency.push(`| ${size.toLocaleString('en')} | ${name} | ${estimated.p50} | ${exact.p50} | ${patch} |`);
    }
    for (const server of Object.values(servers)) server.stop();
  }
  lines.push('', '| rows | server | filtered page p50 ms (estimated total) | same with exact total | conditional PATCH p50 ms |', '|---:|---|---:|---:|---:|', ...latency);
  const ratios = {};
  for (const size of sizes) {
    for (const label of Object.keys(endpoints)) ratios[`${size} ${label}: corral postgres / hand-written`] = results[size]['corral postgres'][label] / results[size]['hand-written pg'][label];
  }
  if (sizes.length > 1) {
    const [small, large] = [sizes[0], sizes[sizes.length - 1]];
    for (const name of ['corral sqlite', 'corral postgres']) ratios[`${name}: filtered page p50 at ${large} / at ${small}`] = results[large][name].latency.estimated / results[small][name].latency.estimated;
  }
  lines.push('', '| ratio | value |', '|---|---:|', ...Object.entries(ratios).map(([label, value]) => `| ${label} | ${value.toFixed(2)} |`));
  return { lines, results, ratios };
}
