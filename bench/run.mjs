// npm run bench: Corral (both issuer modes) against raw node:http and Fastify 5 on the same work, on
// Node 24 and 22, then list latency at scale.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { loadGenerator, measure, sequentialLatency } from './load.mjs';
import { nodeVersions } from './node-versions.mjs';
import { canPin, loadCore, serverCore, startServer } from './start.mjs';

// The load generator runs on the other core than the servers.
if (canPin && !process.env.BENCH_PINNED) {
  const run = spawnSync('taskset', ['-c', loadCore, process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  });
  process.exit(run.status ?? 1);
}

const quick = process.argv.includes('--quick');
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
// --rounds=N for more alternating rounds; --this-node to skip Node 22; --no-scale to skip the scale part;
// --no-db to skip the databases; --db-only for the databases alone; --db-rows=1000000 for one table size;
// --feeds-only for the feed benchmark alone; --writes-only for the write benchmark alone (with --no-db, its SQLite servers alone;
// --write-operations=POST,DELETE for some of POST, PATCH and DELETE);
// --webhooks-only for the webhook benchmark alone (--no-webhooks skips it); --webhooks-kill for 100,000 writes across a
// kill -9 of the delivering instance alone (PostgreSQL, never in a full run; --kill-writes=N for another number); --keep-going
// to mark a write measurement with answers other than 2xx as failed in the report instead of stopping;
// --mariadb-only for Corral on MariaDB against a hand-written mysql2 server alone (1M rows; --db-rows=N for
// another size; --no-mariadb skips it).
const rounds = Number(option('rounds') ?? (quick ? 1 : 3));
const thisNodeOnly = quick || process.argv.includes('--this-node');
const timing = quick ? { warmupSeconds: 1, seconds: 2 } : { warmupSeconds: 2, seconds: 5 };
const here = (path) => new URL(path, import.meta.url).pathname;
const env = {};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const endpoints = { 'list page (10 records)': '/v1/employees?limit=10', 'single record': '/v1/employees/7' };
const postForm = async (url, client, secret) =>
  (
    await (
      await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${client}:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      })
    ).json()
  ).access_token;

/** Starts every server on one Node binary; the peers get the zoo API's own records. */
async function startPeers(node) {
  // An authorization server in its own process, as in production, for every server but the
  // embedded-issuer Corral (which is the service exactly as npm start runs it).
  const issuerServer = await startServer(here('./servers/issuer.mjs'), env, node);
  const issuer = `${issuerServer.origin}/oauth`;
  // Each Corral keeps its SQLite file (npm start's default store) in a fresh folder of its own.
  const dataDir = () => mkdtempSync(join(tmpdir(), 'corral-bench-data-'));
  // --zoo-env=RATE_LIMIT=0;STORE=memory runs the Corrals in another configuration than npm start's.
  const zooEnv = Object.fromEntries(
    (option('zoo-env') ?? '')
      .split(';')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const external = await startServer(
    here('./servers/corral.mjs'),
    {
      ...env,
      DATA_DIR: dataDir(),
      ...zooEnv,
      OAUTH_ISSUER: issuer,
      OAUTH_AUDIENCE: 'urn:corral:bench',
      OAUTH_ALGORITHMS: 'ES256',
    },
    node,
  );
  const embedded = await startServer(
    here('./servers/corral.mjs'),
    { ...env, DATA_DIR: dataDir(), ...zooEnv, OAUTH_ISSUER: '', OAUTH_AUDIENCE: '' },
    node,
  );
  const token = await postForm(`${issuer}/token`, 'bench', 'bench-secret');
  const embeddedToken = await postForm(`${embedded.origin}/oauth/token`, 'zoo-reader', 'zoo-reader-secret');
  const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
  const all = await (
    await fetch(`${external.origin}/v1/employees?limit=100`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const fixture = join(tmpdir(), `corral-bench-${process.pid}.json`);
  writeFileSync(
    fixture,
    JSON.stringify({
      jwksUri: discovery.jwks_uri,
      issuer: discovery.issuer,
      audience: 'urn:corral:bench',
      records: all.employees.map(({ links, ...record }) => record),
    }),
  );
  const peers = {
    'hand-written sqlite': {
      ...(await startServer(here('./servers/sqlite-service.mjs'), { ...env, BENCH_FIXTURE: fixture }, node)),
      token,
    },
    raw: { ...(await startServer(here('./servers/raw.mjs'), { ...env, BENCH_FIXTURE: fixture }, node)), token },
    fastify: { ...(await startServer(here('./servers/fastify.mjs'), { ...env, BENCH_FIXTURE: fixture }, node)), token },
    'corral embedded': { ...embedded, token: embeddedToken },
    'corral external': { ...external, token },
  };
  return {
    peers,
    stop: () => {
      for (const server of [...Object.values(peers), issuerServer]) server.stop();
    },
  };
}

const dbOnly = process.argv.includes('--db-only');
const hooksOnly = process.argv.includes('--hooks-only');
const clientOnly = process.argv.includes('--client-only');
const writesOnly = process.argv.includes('--writes-only');
const feedsOnly = process.argv.includes('--feeds-only');
const webhooksOnly = process.argv.includes('--webhooks-only');
const webhooksKill = process.argv.includes('--webhooks-kill');
const mariadbOnly = process.argv.includes('--mariadb-only');
const partOnly =
  dbOnly || hooksOnly || clientOnly || writesOnly || feedsOnly || webhooksOnly || webhooksKill || mariadbOnly;
const versions = partOnly ? [] : nodeVersions(thisNodeOnly);
const samples = {};
for (const node of versions) {
  const { peers, stop } = await startPeers(node.path);
  // Same answers from everyone, or the comparison means nothing.
  for (const path of Object.values(endpoints)) {
    const bodies = await Promise.all(
      Object.values(peers).map(async ({ origin, token }) =>
        (await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } })).json(),
      ),
    );
    if (!bodies.every((body) => isDeepStrictEqual(body, bodies[0]))) throw new Error(`servers disagree on ${path}`);
  }
  const byEndpoint = (samples[node.label] = {});
  for (let round = 0; round < rounds; round++) {
    // Alternate the order so that no server always runs first (warm machine) or last (hot machine).
    // --peers=name,name measures only those (e.g. --peers="corral embedded,hand-written sqlite").
    const order = Object.keys(peers).filter((name) => !option('peers') || option('peers').split(',').includes(name));
    for (let i = 0; i < round; i++) order.push(order.shift());
    for (const [label, path] of Object.entries(endpoints)) {
      for (const name of order) {
        const result = await measure(`${peers[name].origin}${path}`, { token: peers[name].token, ...timing });
        ((byEndpoint[label] ??= {})[name] ??= []).push(result);
        console.error(
          `${node.label} round ${round + 1} ${label} ${name}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
        );
      }
    }
  }
  stop();
}

const lines = [
  `# Corral benchmark, ${new Date().toISOString()}`,
  '',
  `Load from ${loadGenerator}; ${rounds} round(s) of ${timing.seconds} s after ${timing.warmupSeconds} s warm-up, 50 connections; servers on core ${canPin ? serverCore : 'any'}, load on core ${canPin ? loadCore : 'any'}. Medians over rounds.`,
  "Every server verifies an ES256 access token (remembering verified tokens), serves the same JSON with the headers the contract asks for (ETag, X-Request-Id) and writes one access-log line per request through pino's asynchronous destination.",
  '"hand-written sqlite" is the baseline for npm start\'s configuration: node:http and node:sqlite on a table of real columns with prepared statements, a per-client fixed-window counter with RateLimit headers, Vary: Origin; "raw" and "fastify" serve from memory without counting.',
  "The Corrals run npm start's configuration (SQLite file, rate limits counted with quotas no run can use up, CORS, idempotency); every answer counted is checked to be a 2xx.",
  '"corral embedded" is the zoo API exactly as npm start runs it (authorization server in the same process); "corral external" trusts an issuer in another process, as the peers do.',
];
const ratios = {};
for (const [nodeLabel, byEndpoint] of Object.entries(samples)) {
  lines.push(
    '',
    `## Node ${nodeLabel}`,
    '',
    '| endpoint | server | req/s | p50 ms | p99 ms | embedded / this | external / this |',
    '|---|---|---:|---:|---:|---:|---:|',
  );
  for (const [label, byServer] of Object.entries(byEndpoint)) {
    const rpsOf = (name) => (byServer[name] ? median(byServer[name].map((s) => s.rps)) : NaN);
    for (const [name, runs] of Object.entries(byServer)) {
      const rps = rpsOf(name);
      const embeddedRatio = rpsOf('corral embedded') / rps;
      const externalRatio = rpsOf('corral external') / rps;
      // A Corral left out by --peers has no ratio.
      if (Number.isFinite(embeddedRatio)) ratios[`${nodeLabel} ${label}: embedded vs ${name}`] = embeddedRatio;
      if (Number.isFinite(externalRatio)) ratios[`${nodeLabel} ${label}: external vs ${name}`] = externalRatio;
      const shown = (ratio) => (Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a');
      lines.push(
        `| ${label} | ${name} | ${Math.round(rps)} | ${median(runs.map((s) => s.p50))} | ${median(runs.map((s) => s.p99))} | ${shown(embeddedRatio)} | ${shown(externalRatio)} |`,
      );
    }
  }
}

// Scale: the same list request against 1k, 100k and 1M records.
const sizes =
  process.argv.includes('--no-scale') || partOnly ? [] : quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000];
const scaleQueries = {
  'filter + indexed sort': '/v1/items?state=internal&sortby=name&limit=10',
  'indexed sort, desc': '/v1/items?sortby=yearOfBirth&order=desc&limit=10',
};
const scale = {};
for (const size of sizes) {
  const server = await startServer(here('./servers/scale.mjs'), { ...env, BENCH_RECORDS: String(size) });
  for (const [label, path] of Object.entries(scaleQueries)) {
    const result = await sequentialLatency(`${server.origin}${path}`, { requests: quick ? 1000 : 3000 });
    (scale[label] ??= {})[size] = result;
    console.error(`scale ${size} ${label}: p50 ${result.p50} ms, p99 ${result.p99} ms`);
  }
  server.stop();
}
if (sizes.length > 0)
  lines.push(
    '',
    '## List latency as the collection grows (one request at a time)',
    '',
    `| query | ${sizes.map((s) => `${s.toLocaleString('en')} records p50 / p99 ms`).join(' | ')} | p50 at largest / p50 at 1k |`,
    `|---|${sizes.map(() => '---:').join('|')}|---:|`,
  );
for (const [label, bySize] of Object.entries(scale)) {
  const first = bySize[sizes[0]].p50;
  const last = bySize[sizes[sizes.length - 1]].p50;
  lines.push(
    `| ${label} | ${sizes.map((s) => `${bySize[s].p50} / ${bySize[s].p99}`).join(' | ')} | ${(last / Math.max(first, 0.001)).toFixed(2)} |`,
  );
}

// Hooks: today's core with and without hooks against the core from before hooks existed.
let hooks;
if ((!partOnly || hooksOnly) && !process.argv.includes('--no-hooks')) {
  const { hooksBench } = await import('./hooks.mjs');
  hooks = await hooksBench({ rounds, timing, ...(option('baseline') ? { baseline: option('baseline') } : {}) });
  lines.push(...hooks.lines);
}

// The client: what @corral/client adds to a request.
let client;
if ((!partOnly || clientOnly) && !process.argv.includes('--no-client')) {
  const { clientBench } = await import('./client.mjs');
  client = await clientBench({ blocks: quick ? 4 : 10 });
  lines.push(...client.lines);
}

// Databases: --no-db skips them (they need the PostgreSQL server).
let databases;
if (!process.argv.includes('--no-db') && (!partOnly || dbOnly)) {
  const { databaseBench } = await import('./databases.mjs');
  databases = await databaseBench({
    quick,
    timing,
    rounds,
    ...(option('db-rows') ? { sizes: [Number(option('db-rows'))] } : {}),
  });
  lines.push(...databases.lines);
}
let expansion;
if (!process.argv.includes('--no-db') && (!partOnly || dbOnly)) {
  const { expandBench } = await import('./expand.mjs');
  expansion = await expandBench({ timing, rounds });
  lines.push(...expansion.lines);
}

// MariaDB: reads and creates against a hand-written mysql2 server (needs the MariaDB server).
let mariadb;
if (mariadbOnly || (!partOnly && !process.argv.includes('--no-db') && !process.argv.includes('--no-mariadb'))) {
  const { mariadbBench } = await import('./mariadb.mjs');
  mariadb = await mariadbBench({
    quick,
    timing,
    rounds,
    ...(option('db-rows') ? { sizes: [Number(option('db-rows'))] } : {}),
  });
  lines.push(...mariadb.lines);
}

// Writes: Corral creating, patching and deleting against hand-written servers; 5 rounds unless --rounds.
let writes;
if (writesOnly || (!partOnly && !process.argv.includes('--no-db'))) {
  const { writeBench } = await import('./writes.mjs');
  writes = await writeBench({
    quick,
    timing,
    rounds: Number(option('rounds') ?? (quick ? 1 : 5)),
    withPostgres: !process.argv.includes('--no-db'),
    keepGoing: process.argv.includes('--keep-going'),
    ...(option('write-operations') ? { only: option('write-operations').split(',') } : {}),
    ...(option('db-rows') ? { size: Number(option('db-rows')) } : {}),
  });
  lines.push(...writes.lines);
}

// Feeds: two instances on PostgreSQL, write-to-receive latency; idle subscribers' memory.
let feeds;
if (feedsOnly || (!partOnly && !process.argv.includes('--no-db'))) {
  const { feedBench } = await import('./feeds.mjs');
  feeds = await feedBench({ quick });
  lines.push(...feeds.lines);
  const { changeLogWrites } = await import('./change-log-writes.mjs');
  const logged = await changeLogWrites({ rounds: quick ? 1 : 5, seconds: timing.seconds });
  feeds.changeLog = logged.results;
  lines.push(...logged.lines);
}

// Webhooks: write throughput with 10 subscriptions against none, and commit to first attempt at 20 writes/s.
let webhooks;
if ((webhooksOnly || !partOnly) && !process.argv.includes('--no-webhooks')) {
  const { webhookBench } = await import('./webhooks.mjs');
  webhooks = await webhookBench({ quick, rounds: Number(option('rounds') ?? (quick ? 1 : 5)) });
  lines.push(...webhooks.lines);
}
let killed;
if (webhooksKill) {
  const { webhookKillBench } = await import('./webhooks-kill.mjs');
  killed = await webhookKillBench({ writes: Number(option('kill-writes') ?? 100_000) });
  lines.push(...killed.lines);
}

const report = lines.join('\n');
console.log(report);
mkdirSync(here('./results'), { recursive: true });
writeFileSync(here('./results/latest.md'), `${report}\n`);
writeFileSync(
  here('./results/latest.json'),
  JSON.stringify(
    {
      samples,
      ratios,
      scale,
      hooks: hooks?.ratios,
      client: client?.overheads,
      databases: databases && { results: databases.results, ratios: databases.ratios },
      expansion: expansion?.ratios,
      mariadb: mariadb?.ratios,
      writes: writes && { samples: writes.samples, ratios: writes.ratios },
      feeds: feeds && { live: feeds.live, resting: feeds.resting, changeLog: feeds.changeLog },
      webhooks: webhooks?.results,
      webhooksKill: killed?.result,
    },
    null,
    2,
  ),
);
console.log('\nwritten to bench/results/latest.md');
// Cells that failed (--keep-going) are in the report, and the run still fails.
if (killed && !killed.ok) {
  console.error('webhooks across a kill -9: events lost, changed or out of order');
  process.exitCode = 1;
}
if (writes?.failures) {
  console.error(`${writes.failures} write measurement(s) had answers other than 2xx`);
  process.exitCode = 1;
}
