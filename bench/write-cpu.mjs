// CPU per create: the time the server process and its PostgreSQL backends spent on a CPU (from
// /proc/<pid>/schedstat, in ns) over a stretch of POSTs, divided by the answers. Unlike a rate this
// holds still when other work shares the machine, so it can tell a change's effect on a busy one.
// Rounds alternate the servers; the medians and each server's median ratio to the peer's are given.
// node bench/write-cpu.mjs [rows=100000] [seconds=3] [rounds=6] [connections=10]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { fillPostgres } from './databases.mjs';
import { wrk } from './load.mjs';
import { startServer } from './start.mjs';

const [size, seconds, rounds, connections] = [100_000, 3, 6, 10].map((fallback, i) =>
  Number(process.argv[2 + i] ?? fallback),
);
const here = (path) => new URL(path, import.meta.url).pathname;
const databaseUrl = process.env.CORRAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Nanoseconds `pid` has run on a CPU. */
const onCpu = (pid) => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
const sum = (pids) => pids.reduce((total, pid) => total + onCpu(pid), 0);

/** The PostgreSQL backends serving `pid`'s connections (matched by their client ports). */
async function backendsOf(pid) {
  const ports = execFileSync('ss', ['-tnpH', 'dport', '= :5432'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => Number(line.trim().split(/\s+/)[3].split(':').at(-1)));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE client_port = ANY($1)', [ports]);
  await client.end();
  return rows.map((row) => row.pid);
}

const base = { BENCH_DATABASE_URL: databaseUrl, BENCH_DB: 'postgres' };
const owned = `corral_cpu_owned_${size}`;
const managed = `corral_cpu_managed_${size}`;
await fillPostgres(owned, size, true);
const corral = here('./servers/db-corral.mjs');
const servers = {
  'hand-written pg': await startServer(here('./servers/db-raw-pg.mjs'), { ...base, BENCH_SCHEMA: owned }),
  'corral, owned table': await startServer(corral, { ...base, BENCH_SCHEMA: owned, BENCH_MODE: 'owned' }),
  'corral, managed table': await startServer(corral, { ...base, BENCH_SCHEMA: managed, BENCH_MODE: 'managed' }),
  // What the change log costs: the same without it.
  'corral, managed, no log': await startServer(corral, {
    ...base,
    BENCH_SCHEMA: `${managed}_unlogged`,
    BENCH_MODE: 'managed',
    BENCH_CHANGE_LOG: 'off',
  }),
};
const samples = Object.fromEntries(Object.keys(servers).map((name) => [name, { node: [], pg: [], rps: [] }]));
try {
  const names = Object.keys(servers);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...names].reverse() : names;
    for (const name of order) {
      const server = servers[name];
      const url = `${server.origin}/v1/items`;
      const post = (time) =>
        wrk(url, { connections, seconds: time, script: here('./writes.lua'), scriptArgs: ['post'] });
      post(1);
      const backends = await backendsOf(server.child.pid);
      const [node0, pg0] = [onCpu(server.child.pid), sum(backends)];
      const result = post(seconds);
      const [node1, pg1] = [onCpu(server.child.pid), sum(backends)];
      if (/not 2xx: *\S/.test(result.output)) throw new Error(`${name}: answers other than 2xx\n${result.output}`);
      const answers = result.rps * seconds;
      samples[name].node.push((node1 - node0) / 1000 / answers);
      samples[name].pg.push((pg1 - pg0) / 1000 / answers);
      samples[name].rps.push(result.rps);
    }
  }
} finally {
  for (const server of Object.values(servers)) server.stop();
}
const peer = samples['hand-written pg'];
console.log(
  `CPU per create at ${connections} connections, us (median of ${rounds} rounds; ratio: median of the rounds' ratios to the peer)`,
);
for (const [name, { node, pg: database, rps }] of Object.entries(samples)) {
  const ratio = (mine, theirs) => median(mine.map((value, i) => value / theirs[i])).toFixed(2);
  const total = node.map((value, i) => value + database[i]);
  const peerTotal = peer.node.map((value, i) => value + peer.pg[i]);
  console.log(
    `${name.padEnd(24)} server ${median(node).toFixed(0).padStart(4)} (${ratio(node, peer.node)})  database ${median(database).toFixed(0).padStart(4)} (${ratio(database, peer.pg)})  both ${median(total).toFixed(0).padStart(4)} (${ratio(total, peerTotal)})  ${median(rps).toFixed(0)}/s`,
  );
}
