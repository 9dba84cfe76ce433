// Webhooks across a kill -9, at scale: two zoo instances on one PostgreSQL schema, one subscription
// to zoos.created, 100,000 writes (--writes=N for another number). The first half goes to the
// first instance, which delivers them; while it is delivering it is killed with SIGKILL, a second
// instance takes the second half, and after the claim's lease (30 s) delivers everything left.
// The receiver takes 5 ms per answer until the kill, so that a backlog is left to take over.
// Checked: every event arrives at least once, a repeat always has the webhook-id and body of its
// first arrival, and first arrivals come in log order. Needs the PostgreSQL server.
// `npm run bench -- --webhooks-kill`, or alone after a build: node bench/webhooks-kill.mjs.
import { createServer } from 'node:http';
import pg from 'pg';
import { Agent } from 'undici';
import { startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const databaseUrl = process.env.CORRAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = 'corral_bench_hooks_kill';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The log position in a webhook-id (`msg_<subscription>_<xid>-<seq>`), as numbers to compare. */
const positionOf = (id) =>
  id
    .slice(id.lastIndexOf('_') + 1)
    .split('-')
    .map(BigInt);
const before = (a, b) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/**
 * A receiver on loopback keeping every arrival: webhook-id, body, zoo name, time. It answers after
 * `delayMs`, so that the first instance is still delivering when it is killed.
 */
async function receiver() {
  const arrivals = [];
  const state = { delayMs: 0 };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const id = String(request.headers['webhook-id']);
      arrivals.push({ id, body, name: JSON.parse(body).data.record.name, at: performance.now() });
      if (state.delayMs > 0) setTimeout(() => response.end('ok'), state.delayMs);
      else response.end('ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { arrivals, state, port: server.address().port, close: () => (server.closeAllConnections(), server.close()) };
}

export async function webhookKillBench({ writes = 100_000, width = 8 } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
  const hook = await receiver();
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    PUBLIC_URL: 'http://zoo.bench',
    OAUTH_ISSUER: '',
    OAUTH_AUDIENCE: '',
    WEBHOOK_ALLOW: `127.0.0.1:${hook.port}`,
  };
  const first = await startServer(here('./servers/corral.mjs'), env);
  const dispatcher = new Agent({ connections: width });
  const tokenAnswer = await fetch(`${first.origin}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('zoo-admin:zoo-admin-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const token = (await tokenAnswer.json()).access_token;
  const post = async (origin, path, body) => {
    const response = await fetch(`${origin}${path}`, {
      dispatcher,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${text}`);
  };
  /** Writes zoos `from` to `to - 1`, `width` at a time. */
  const write = async (origin, from, to) => {
    let next = from;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < to) {
          const n = next++;
          await post(origin, '/v1/zoos', { name: `Zoo ${n}`, city: 'Basel' });
        }
      }),
    );
  };
  await post(first.origin, '/v1/webhooks', { url: `http://127.0.0.1:${hook.port}/in`, events: ['zoos.created'] });
  const half = Math.floor(writes / 2);
  hook.state.delayMs = 5;
  const started = performance.now();
  await write(first.origin, 0, half);
  const firstHalfSeconds = (performance.now() - started) / 1000;
  // The first instance is the only one: it is delivering now.
  while (hook.arrivals.length === 0) await sleep(10);
  const second = await startServer(here('./servers/corral.mjs'), env);
  const deliveredBeforeKill = new Set(hook.arrivals.map((a) => a.id)).size;
  first.child.kill('SIGKILL');
  const killedAt = performance.now();
  hook.state.delayMs = 0;
  await write(second.origin, half, writes);
  const writeSeconds = (performance.now() - started) / 1000;
  const names = new Set();
  let seen = 0;
  const deadline = performance.now() + 20 * 60_000;
  while (names.size < writes && performance.now() < deadline) {
    for (; seen < hook.arrivals.length; seen++) names.add(hook.arrivals[seen].name);
    await sleep(200);
  }
  const doneAt = performance.now();
  second.stop();
  await dispatcher.close();
  hook.close();

  // Every event at least once; a repeat has its first arrival's id and body; first arrivals in order.
  const bodies = new Map();
  let changedRepeats = 0;
  let outOfOrder = 0;
  let last;
  for (const { id, body } of hook.arrivals) {
    if (bodies.has(id)) {
      if (bodies.get(id) !== body) changedRepeats++;
      continue;
    }
    bodies.set(id, body);
    const position = positionOf(id);
    if (last && !before(last, position)) outOfOrder++;
    last = position;
  }
  const afterKill = hook.arrivals.filter((a) => a.at > killedAt);
  const resumedAfterMs = afterKill.length > 0 ? afterKill[0].at - killedAt : undefined;
  const result = {
    writes,
    writesPerSecond: Math.round(writes / writeSeconds),
    firstHalfSeconds: Number(firstHalfSeconds.toFixed(1)),
    deliveredBeforeKill,
    events: names.size,
    arrivals: hook.arrivals.length,
    distinctIds: bodies.size,
    repeats: hook.arrivals.length - bodies.size,
    changedRepeats,
    outOfOrder,
    resumedAfterKillSeconds: resumedAfterMs === undefined ? undefined : Number((resumedAfterMs / 1000).toFixed(1)),
    allDeliveredSecondsAfterKill: Number(((doneAt - killedAt) / 1000).toFixed(1)),
  };
  const ok = names.size === writes && bodies.size === writes && changedRepeats === 0 && outOfOrder === 0;
  const lines = [
    '',
    '## Webhooks across a kill -9 (PostgreSQL, two instances)',
    '',
    `${writes.toLocaleString('en')} writes (${width} at a time, ${result.writesPerSecond} writes/s), one subscription; the delivering instance killed with SIGKILL after its half of the writes, having delivered ${deliveredBeforeKill.toLocaleString('en')} events. ` +
      `${result.events.toLocaleString('en')} of ${writes.toLocaleString('en')} events arrived (${result.arrivals.toLocaleString('en')} requests: ${result.repeats} repeats, ${changedRepeats} of them with another body than their webhook-id's first; ${outOfOrder} first arrivals out of log order). ` +
      `Deliveries came again ${result.resumedAfterKillSeconds ?? '-'} s after the kill (the lease is 30 s); all had arrived ${result.allDeliveredSecondsAfterKill} s after it. ${ok ? 'Nothing lost, nothing invented.' : 'FAILED.'}`,
  ];
  return { ok, result, lines };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const { ok, result, lines } = await webhookKillBench({ writes: Number(option('writes') ?? 100_000) });
  console.log(JSON.stringify(result, null, 2));
  console.log(lines.join('\n'));
  if (!ok) process.exitCode = 1;
}
