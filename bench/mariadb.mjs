// Corral on MariaDB against a hand-written node:http + mysql2 server on the same table of real
// columns with ordinary indexes: the list page, a filtered sorted page, one record, a search, a
// filtered page at offset 5,000, and creates, each at 10 and 50 connections. Corral serves the
// hand-made table (`store({ table })`, "owned"). The table is filled once per size and kept
// (database corral_bench_mariadb_<size>); rows the creates add are deleted before the next run.
// Rounds alternate the servers' order; medians. `npm run bench -- --mariadb-only` runs it pinned
// (--quick: 10k rows, one round; --db-rows=N another size; --rounds=N).
import mysql from 'mysql2/promise';
import { isDeepStrictEqual } from 'node:util';
import { measure, refuseFailures, wrk } from './load.mjs';
import { stateSql, yearSql } from './servers/db-items.mjs';
import { startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const serverUrl = process.env.CORRAL_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const endpoints = {
  'list page': '/v1/items?limit=10',
  'filtered sorted page': '/v1/items?state=internal&sortby=name&limit=10',
  'one record': '/v1/items/777',
  // MariaDB has no trigram index: a search reads the table in id order until the page is full. The
  // other benchmarks' 'c0ffe' is in 4 rows of a million (a whole scan per request, seconds at 50
  // connections); 'c0f' fills the page within the first ~7,000 rows, as a search that finds something does.
  search: '/v1/items?query=c0f&limit=10',
  'filtered page at offset 5,000': '/v1/items?state=internal&sortby=name&offset=5000&limit=10',
};
const connectionCounts = [10, 50];

const urlOf = (database) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/**
 * The table and indexes a careful engineer makes in MariaDB, filled with the rows of the other
 * benchmarks by one INSERT ... SELECT over MariaDB's sequence engine (a million rows in seconds).
 */
async function fill(database, size) {
  const connection = await mysql.createConnection({ uri: serverUrl, multipleStatements: true });
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin; USE ${database}`,
    );
    await connection.query(`CREATE TABLE IF NOT EXISTS items (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, version INT NOT NULL DEFAULT 1,
      name VARCHAR(40) NOT NULL, state VARCHAR(8) NOT NULL, year_of_birth INT NOT NULL,
      KEY items_state_name (state, name, id), KEY items_name (name, id)) ENGINE=InnoDB`);
    const [[{ first, all }]] = await connection.query(
      `SELECT (SELECT count(*) FROM items WHERE id <= ${size}) AS first, (SELECT count(*) FROM items) AS "all"`,
    );
    if (Number(first) === size && Number(all) > size) {
      // The rows an earlier run's creates added.
      await connection.query(`DELETE FROM items WHERE id > ${size}`);
    } else if (Number(first) !== size || Number(all) !== size) {
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

/** Creates: each request a new valid item (writes.lua); every answer counted must be a 2xx. */
function creates(origin, connections, timing) {
  const options = { connections, script: here('./writes.lua'), scriptArgs: ['post'], timeoutSeconds: 30 };
  wrk(`${origin}/v1/items`, { ...options, seconds: timing.warmupSeconds });
  const result = wrk(`${origin}/v1/items`, { ...options, seconds: timing.seconds });
  refuseFailures(`${origin}/v1/items`, result);
  return result.rps;
}

/** The MariaDB part of `npm run bench`: the report's lines, and Corral's rate over the peer's by size, work and connections. */
export async function mariadbBench({
  quick = false,
  timing,
  rounds = quick ? 1 : 3,
  sizes = quick ? [10_000] : [1_000_000],
}) {
  const works = [...Object.keys(endpoints), 'creates'];
  const columns = connectionCounts.flatMap((connections) => works.map((work) => `${work} @${connections}`));
  const lines = [
    '',
    '## MariaDB: Corral against a hand-written node:http + mysql2 server on the same table',
    '',
    `Servers on the server core, wrk on the other; MariaDB on this machine (not pinned). ${rounds} interleaved round(s) of ${timing.seconds} s after ${timing.warmupSeconds} s warm-up, medians; @N is the number of connections. A table of real columns with ordinary indexes; both servers count like PostgREST's count=estimated; Corral serves the hand-made table through \`store({ table })\` and keeps its change log. Every answer counted is a 2xx.`,
    '',
    `| rows | server | ${columns.join(' | ')} |`,
    `|---:|---|${columns.map(() => '---:').join('|')}|`,
  ];
  const ratioLines = [];
  const ratios = {};
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
    const samples = {};
    try {
      await sameAnswers(Object.values(servers));
      for (let round = 0; round < rounds; round++) {
        const order = Object.keys(servers);
        if (round % 2) order.reverse();
        for (const connections of connectionCounts) {
          for (const [label, path] of Object.entries(endpoints))
            for (const name of order) {
              const url = `${servers[name].origin}${path}`;
              const { rps } = await measure(url, { ...timing, connections, timeoutSeconds: 30 });
              ((samples[name] ??= {})[`${label} @${connections}`] ??= []).push(rps);
              console.error(
                `mariadb ${size} round ${round + 1} ${label} @${connections} ${name}: ${Math.round(rps)} req/s`,
              );
            }
          for (const name of order) {
            const rps = creates(servers[name].origin, connections, timing);
            ((samples[name] ??= {})[`creates @${connections}`] ??= []).push(rps);
            console.error(
              `mariadb ${size} round ${round + 1} creates @${connections} ${name}: ${Math.round(rps)} req/s`,
            );
          }
        }
      }
    } finally {
      for (const server of Object.values(servers)) server.stop();
    }
    for (const [name, byColumn] of Object.entries(samples))
      lines.push(
        `| ${size.toLocaleString('en')} | ${name} | ${columns.map((c) => Math.round(median(byColumn[c]))).join(' | ')} |`,
      );
    const [peer, corral] = Object.keys(servers);
    const shown = columns.map((column) => {
      const ratio = median(samples[corral][column]) / median(samples[peer][column]);
      ratios[`${size} ${column}`] = ratio;
      return ratio.toFixed(2);
    });
    ratioLines.push(`| ${size.toLocaleString('en')} | corral / hand-written | ${shown.join(' | ')} |`);
  }
  lines.push(...ratioLines);
  return { lines, ratios };
}
