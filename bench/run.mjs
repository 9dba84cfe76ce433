// npm run bench: Corral against raw node:http and Fastify 5 on the same work, then list latency at scale.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { measure, sequentialLatency } from './load.mjs';
import { canPin, loadCore, serverCore, startServer } from './start.mjs';

// The load generator runs on the other core than the servers.
if (canPin && !process.env.BENCH_PINNED) {
  const run = spawnSync('taskset', ['-c', loadCore, process.execPath, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, BENCH_PINNED: '1' } });
  process.exit(run.status ?? 1);
}

const quick = process.argv.includes('--quick');
const rounds = quick ? 1 : 3;
const timing = quick ? { warmupSeconds: 1, seconds: 2 } : { warmupSeconds: 2, seconds: 5 };
const here = (path) => new URL(path, import.meta.url).pathname;
const env = { LOG_LEVEL: 'silent' };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// The zoo API trusts an authorization server running in its own process (OAUTH_ISSUER), as in
// production; the embedded one would share the API's process and its event loop.
const issuerServer = await startServer(here('./servers/issuer.mjs'), env);
const issuer = `${issuerServer.origin}/oauth`;
const corral = await startServer(here('./servers/corral.mjs'), { ...env, OAUTH_ISSUER: issuer, OAUTH_AUDIENCE: 'urn:corral:bench', OAUTH_ALGORITHMS: 'ES256' });
const tokenAnswer = await fetch(`${issuer}/token`, {
  method: 'POST',
  headers: { authorization: `Basic ${Buffer.from('bench:bench-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
  body: 'grant_type=client_credentials',
});
const token = (await tokenAnswer.json()).access_token;
const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
const all = await (await fetch(`${corral.origin}/v1/employees?limit=100`, { headers: { authorization: `Bearer ${token}` } })).json();
const fixture = join(tmpdir(), `corral-bench-${process.pid}.json`);
writeFileSync(fixture, JSON.stringify({
  jwksUri: discovery.jwks_uri,
  issuer: discovery.issuer,
  audience: 'urn:corral:bench',
  records: all.employees.map(({ links, ...record }) => record),
}));
const peers = {
  raw: await startServer(here('./servers/raw.mjs'), { ...env, BENCH_FIXTURE: fixture }),
  fastify: await startServer(here('./servers/fastify.mjs'), { ...env, BENCH_FIXTURE: fixture }),
  corral,
};

const endpoints = { 'list page (10 records)': '/v1/employees?limit=10', 'single record': '/v1/employees/7' };
// Same answers from everyone, or the comparison means nothing.
for (const path of Object.values(endpoints)) {
  const bodies = await Promise.all(Object.values(peers).map(async ({ origin }) => (await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()));
  if (!bodies.every((body) => isDeepStrictEqual(body, bodies[0]))) throw new Error(`servers disagree on ${path}`);
}

const samples = {};
for (let round = 0; round < rounds; round++) {
  // Alternate the order so that no server always runs first (warm machine) or last (hot machine).
  const order = Object.keys(peers);
  for (let i = 0; i < round; i++) order.push(order.shift());
  for (const [label, path] of Object.entries(endpoints)) {
    for (const name of order) {
      const result = await measure(`${peers[name].origin}${path}`, { token, ...timing });
      ((samples[label] ??= {})[name] ??= []).push(result);
      console.error(`round ${round + 1} ${label} ${name}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
    }
  }
}
for (const server of [...Object.values(peers), issuerServer]) server.stop();

const lines = [
  `# Corral benchmark, ${new Date().toISOString()}`,
  '',
  `Node ${process.version}; ${rounds} round(s) of ${timing.seconds} s after ${timing.warmupSeconds} s warm-up, 50 connections; servers on core ${canPin ? serverCore : 'any'}, load on core ${canPin ? loadCore : 'any'}. Medians over rounds.`,
  'Every server verifies the same ES256 access token from an authorization server in its own process (remembering verified tokens) and serves the same JSON with the headers the contract asks for (ETag, X-Request-Id).',
  '',
  '| endpoint | server | req/s | p50 ms | p99 ms | Corral / this |',
  '|---|---|---:|---:|---:|---:|',
];
const ratios = {};
for (const [label, byServer] of Object.entries(samples)) {
  const corralRps = median(byServer.corral.map((s) => s.rps));
  for (const [name, runs] of Object.entries(byServer)) {
    const rps = median(runs.map((s) => s.rps));
    ratios[`${label} vs ${name}`] = corralRps / rps;
    lines.push(`| ${label} | ${name} | ${Math.round(rps)} | ${median(runs.map((s) => s.p50))} | ${median(runs.map((s) => s.p99))} | ${(corralRps / rps).toFixed(2)} |`);
  }
}

// Scale: the same list request against 1k, 100k and 1M records.
const sizes = quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000];
const scaleQueries = { 'filter + indexed sort': '/v1/items?state=internal&sortby=name&limit=10', 'indexed sort, desc': '/v1/items?sortby=yearOfBirth&order=desc&limit=10' };
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
lines.push('', '## List latency as the collection grows (one request at a time)', '', `| query | ${sizes.map((s) => `${s.toLocaleString('en')} records p50 / p99 ms`).join(' | ')} | p50 at largest / p50 at 1k |`, `|---|${sizes.map(() => '---:').join('|')}|---:|`);
for (const [label, bySize] of Object.entries(scale)) {
  const first = bySize[sizes[0]].p50;
  const last = bySize[sizes[sizes.length - 1]].p50;
  lines.push(`| ${label} | ${sizes.map((s) => `${bySize[s].p50} / ${bySize[s].p99}`).join(' | ')} | ${(last / Math.max(first, 0.001)).toFixed(2)} |`);
}

const report = lines.join('\n');
console.log(report);
mkdirSync(here('./results'), { recursive: true });
writeFileSync(here('./results/latest.md'), `${report}\n`);
writeFileSync(here('./results/latest.json'), JSON.stringify({ samples, ratios, scale }, null, 2));
console.log('\nwritten to bench/results/latest.md');
