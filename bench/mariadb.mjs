// Corral on MariaDB against a hand-written node:http + mysql2 server on the same table of real
// columns with ordinary indexes: the list page, a filtered sorted page, one record, a search, a
// filtered page at offset 5,000, and creates. Corral serves the hand-made table (`store({ table })`,
// "owned"). The table is filled once per size and kept (database corral_bench_<size>). Rounds
// alternate the servers' order; medians. `node bench/mariadb.mjs [--quick]` (10k rows only).
import mysql from 'mysql2/promise';
import { isDeepStrictEqual } from 'node:util';
import { measure, refuseFailures, wrk } from './load.mjs';
import { stateSql, yearSql } from './servers/db-items.mjs';
import { startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const serverUrl = process.env.CORRAL_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const quick = process.argv.includes('--quick');
const sizes = quick ? [10_000] : [10_000, 1_000_000];
const roundCount = quick ? 1 : 3;
const timing = quick ? { warmupSeconds: 1, seconds: 3 } : { warmupSeconds: 2, seconds: 5 };

const endpoints = {
  'list page': '/v1/items?limit=10',
  'filtered sorted page': '/v1/items?state=internal&sortby=name&limit=10',
  'one record': '/v1/items/777',
  search: '/v1/items?query=c0ffe&limit=10',
  'filtered page at offset 5,000': '/v1/items?state=internal&sortby=name&offset=5000&limit=10',
};

const urlOf = (database) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** The table and indexes a careful engineer makes in MariaDB, filled with the rows of the other benchmarks. */
async function fill(database, size) {
  const connection = await mysql.createConnection({ uri: serverUrl, multipleStatements: true });
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin; USE ${database}`,
    );
    await connection.query(`CREATE TABLE IF NOT EXISTS items (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, version INT NOT NULL DEFAULT 1,
      name VARCHAR(40) NOT NULL, state VARCHAR(8) NOT NULL, year_of_birth INT NOT NULL,
      KEY items_state_name (state, name, id), KEY items_name (name, id)) ENGINE=InnoDB`);
    const [[{ n }]] = await connection.query('SELECT count(*) AS n FROM items');
    if (Number(n) !== size) {
      console.error(`filling ${database}.items with ${size} rows`);
      await connection.query('TRUNCATE items');
      const name = `CONCAT(LPAD(LOWER(HEX((i * 2654435761) % 4294967296)), 8, '0'), ' ', i)`;
      await connection.query(`INSERT INTO items (name, state, year_of_birth)
        SELECT ${name}, ${stateSql}, ${yearSql} FROM (SELECT seq AS i FROM seq_1_to_${size}) AS s ORDER BY i`);
    }
    await connection.query('ANALYZE TABLE items');
  } finally {
    await connection.end();
  }
}

/** Both servers answer every endpoint alike, or the comparison means nothing. */
async function sameAnswers(servers) {
  for (const path of Object.values(endpoints)) {
    // InnoDB's estimates vary from one EXPLAIN to the next (random index dives): an estimated total is left out.
    const bodies = await Promise.all(
      servers.map(async ({ origin }) => {
        const body = await (await fetch(`${origin}${path}`)).json();
        return body.totalEstimated ? { ...body, total: undefined, links: undefined } : body;
      }),
    );
    if (!isDeepStrictEqual(bodies[0], bodies[1]))
      throw new Error(`servers disagree on ${path}: ${JSON.stringify(bodies).slice(0, 2000)}`);
  }
}

/** Creates at 10 connections: each request a new valid item (writes.lua). */
function creates(origin) {
  const options = { connections: 10, script: here('./writes.lua'), scriptArgs: ['post'], timeoutSeconds: 30 };
  wrk(`${origin}/v1/items`, { ...options, seconds: timing.warmupSeconds });
  const result = wrk(`${origin}/v1/items`, { ...options, seconds: timing.seconds });
  refuseFailures(`${origin}/v1/items`, result);
  return result.rps;
}

const lines = [
  '## MariaDB: Corral against a hand-written node:http + mysql2 server on the same table',
  '',
  `| rows | server | ${[...Object.keys(endpoints), 'creates'].join(' | ')} |`,
  `|---:|---|${[...Object.keys(endpoints), 'creates'].map(() => '---:').join('|')}|`,
];
const ratios = [];
for (const size of sizes) {
  const database = `corral_bench_mariadb_${size}`;
  await fill(database, size);
  const base = { BENCH_DATABASE_URL: urlOf(database) };
  const servers = {
    'hand-written mysql2': await startServer(here('./servers/db-raw-mysql.mjs'), base),
    'corral mariadb (owned table)': await startServer(here('./servers/db-corral.mjs'), {
      ...base,
      BENCH_DB: 'mysql',
      BENCH_MODE: 'owned',
    }),
  };
  try {
    await sameAnswers(Object.values(servers));
    const samples = {};
    for (let round = 0; round < roundCount; round++) {
      const order = Object.keys(servers);
      if (round % 2) order.reverse();
      for (const [label, path] of Object.entries(endpoints))
        for (const name of order) {
          const { rps } = await measure(`${servers[name].origin}${path}`, { ...timing, timeoutSeconds: 30 });
          ((samples[name] ??= {})[label] ??= []).push(rps);
          console.error(`mariadb ${size} round ${round + 1} ${label} ${name}: ${Math.round(rps)} req/s`);
        }
      for (const name of order) {
        const rps = creates(servers[name].origin);
        ((samples[name] ??= {}).creates ??= []).push(rps);
        console.error(`mariadb ${size} round ${round + 1} creates ${name}: ${Math.round(rps)} req/s`);
      }
    }
    const labels = [...Object.keys(endpoints), 'creates'];
    for (const [name, byLabel] of Object.entries(samples))
      lines.push(
        `| ${size.toLocaleString('en')} | ${name} | ${labels.map((l) => Math.round(median(byLabel[l]))).join(' | ')} |`,
      );
    const [peer, corral] = Object.keys(servers);
    ratios.push(
      `| ${size.toLocaleString('en')} | corral / hand-written | ${labels.map((l) => (median(samples[corral][l]) / median(samples[peer][l])).toFixed(2)).join(' | ')} |`,
    );
  } finally {
    for (const server of Object.values(servers)) server.stop();
  }
}
console.log([...lines, ...ratios].join('\n'));
