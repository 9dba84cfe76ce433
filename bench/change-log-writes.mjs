// Creates on a table Corral made in PostgreSQL, with and without the change log (`changeLog:
// false`): two servers, POST /v1/items at 10 connections, rounds alternating which runs first.
// `node bench/change-log-writes.mjs [--rounds=N] [--seconds=S]` after `node scripts/build.mjs`.
import { postgres } from './databases.mjs';
import { wrk } from './load.mjs';
import { startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const option = (name, fallback) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const rounds = option('rounds', 5);
const seconds = option('seconds', 5);
const databaseUrl = process.env.CORRAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const modes = { 'with the log': 'on', 'without the log': 'off' };
const servers = {};
for (const [name, log] of Object.entries(modes)) {
  const schema = `corral_bench_log_${log}`;
  await postgres(schema, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  servers[name] = await startServer(here('./servers/db-corral.mjs'), {
    BENCH_DB: 'postgres',
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_SCHEMA: schema,
    BENCH_MODE: 'managed',
    BENCH_CHANGE_LOG: log,
  });
}
const rates = Object.fromEntries(Object.keys(modes).map((name) => [name, []]));
try {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? Object.keys(modes) : Object.keys(modes).reverse();
    for (const name of order) {
      const url = `${servers[name].origin}/v1/items`;
      const options = { connections: 10, script: here('./writes.lua'), scriptArgs: ['post'] };
      wrk(url, { ...options, seconds: 1 }); // warm-up
      const result = wrk(url, { ...options, seconds });
      if (result.bad > 0 || result.errors > 0) throw new Error(`${name}: ${result.output}`);
      rates[name].push(result.rps);
      console.error(`round ${round + 1} ${name}: ${Math.round(result.rps)} req/s`);
    }
  }
} finally {
  for (const server of Object.values(servers)) server.stop();
}
const [on, off] = [median(rates['with the log']), median(rates['without the log'])];
const perRound = rates['with the log'].map((rps, i) => (rps / rates['without the log'][i]).toFixed(2));
console.log(
  `POST at 10 connections: ${Math.round(on)} req/s with the log, ${Math.round(off)} without: ${(on / off).toFixed(2)}x (rounds: ${perRound.join(', ')})`,
);
