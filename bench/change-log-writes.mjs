// Creates on tables Corral made, with and without the change log (`changeLog: false`), on
// PostgreSQL and on SQLite (synchronous=FULL): POST /v1/items at 10 and at 50 connections, the two
// servers' runs alternating; on PostgreSQL each measured run follows a CHECKPOINT.
// `node bench/change-log-writes.mjs [--rounds=N] [--seconds=S] [--engines=postgres,sqlite]
// [--connections=10,50]` after
// `node scripts/build.mjs`; `npm run bench` runs it too (with the feeds).
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgres } from './databases.mjs';
import { wrk } from './load.mjs';
import { startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const databaseUrl = process.env.CORRAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function start(engine, log) {
  if (engine === 'postgres') {
    const schema = `corral_bench_log_${log}`;
    await postgres(schema, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    return startServer(here('./servers/db-corral.mjs'), {
      BENCH_DB: 'postgres',
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_SCHEMA: schema,
      BENCH_MODE: 'managed',
      BENCH_CHANGE_LOG: log,
    });
  }
  const file = join(tmpdir(), `corral-bench-log-${log}.sqlite`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  return startServer(here('./servers/db-corral.mjs'), {
    BENCH_DB: 'sqlite',
    BENCH_FILE: file,
    BENCH_MODE: 'managed',
    BENCH_SYNCHRONOUS: 'full',
    BENCH_CHANGE_LOG: log,
  });
}

/** Medians of `rounds` interleaved runs of each engine with and without the log, and their ratio. */
export async function changeLogWrites({
  rounds = 5,
  seconds = 5,
  engines = ['postgres', 'sqlite'],
  connectionCounts = [10, 50],
} = {}) {
  const results = [];
  for (const engine of engines) {
    const servers = { on: await start(engine, 'on'), off: await start(engine, 'off') };
    try {
      for (const connections of connectionCounts) {
        const rates = { on: [], off: [] };
        for (let round = 0; round < rounds; round++) {
          // Strictly alternating, so that each run follows one of the other server: a server that
          // waited out two runs found its pool's idle connections closed (opened again, its
          // statements prepared again) and lost about 10% to the one that had just run.
          for (const log of ['on', 'off']) {
            const url = `${servers[log].origin}/v1/items`;
            const options = { connections, script: here('./writes.lua'), scriptArgs: ['post'] };
            wrk(url, { ...options, seconds: 1 }); // warm-up
            // No run pays for writing out the pages the run before it dirtied.
            if (engine === 'postgres') await postgres('public', (client) => client.query('CHECKPOINT'));
            const result = wrk(url, { ...options, seconds });
            if (result.bad > 0 || result.errors > 0) throw new Error(`${engine} log ${log}: ${result.output}`);
            rates[log].push(result.rps);
            console.error(
              `change log ${engine} ${connections} connections round ${round + 1} log ${log}: ${Math.round(result.rps)} req/s`,
            );
          }
        }
        const ratios = rates.on.map((rps, i) => rps / rates.off[i]);
        results.push({ engine, connections, on: median(rates.on), off: median(rates.off), ratios });
      }
    } finally {
      for (const server of Object.values(servers)) server.stop();
    }
  }
  const lines = [
    '',
    '## Creates with and without the change log',
    '',
    `POST /v1/items on a table Corral made, ${rounds} interleaved round(s) of ${seconds} s; the same server with \`changeLog: false\` as the baseline. The ratio is the median of the rounds' ratios (each round runs both servers back to back).`,
    '',
    '| engine | connections | with the log req/s | without req/s | ratio | rounds |',
    '|---|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${r.connections} | ${Math.round(r.on)} | ${Math.round(r.off)} | ${median(r.ratios).toFixed(2)} | ${r.ratios.map((x) => x.toFixed(2)).join(', ')} |`,
    ),
  ];
  return { lines, results };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const option = (name, fallback) =>
    Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
  const list = (name, fallback) =>
    (process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback).split(',');
  const { lines } = await changeLogWrites({
    rounds: option('rounds', 5),
    seconds: option('seconds', 5),
    engines: list('engines', 'postgres,sqlite'),
    connectionCounts: list('connections', '10,50').map(Number),
  });
  console.log(lines.join('\n'));
}
