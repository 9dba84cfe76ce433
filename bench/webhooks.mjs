// Webhooks: the zoo as npm start runs it (SQLite), a receiver on loopback (allow-listed). Write
// throughput without subscriptions; then 20 writes a second for 10 s with 10 subscriptions: the
// time from a write's answer to the first delivery attempt of its event, for every subscription
// (200 deliveries a second); then write throughput again, the deliveries running beside it. Run alone: node bench/webhooks.mjs (after a build).
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const sorted = (values) => [...values].sort((a, b) => a - b);
const quantile = (values, q) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** First arrival time of each (subscription path, zoo name). */
const arrivals = new Map();
const receiver = createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const key = `${request.url} ${JSON.parse(Buffer.concat(chunks).toString()).data.record?.name}`;
  if (!arrivals.has(key)) arrivals.set(key, performance.now());
  response.end('ok');
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const port = receiver.address().port;

const zoo = await startServer(here('./servers/corral.mjs'), {
  DATA_DIR: mkdtempSync(join(tmpdir(), 'corral-bench-hooks-')),
  OAUTH_ISSUER: '',
  OAUTH_AUDIENCE: '',
  WEBHOOK_ALLOW: `127.0.0.1:${port}`,
});
const token = (
  await (
    await fetch(`${zoo.origin}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('zoo-admin:zoo-admin-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
  ).json()
).access_token;
const post = async (path, body) => {
  const response = await fetch(`${zoo.origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status}`);
};

/** Writes as fast as 8 concurrent clients can for `seconds`: writes a second. */
async function throughput(label, seconds = 5) {
  let count = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 8 }, async (_, worker) => {
      while (performance.now() < end) await post('/v1/zoos', { name: `${label} ${worker} ${count++}` });
    }),
  );
  return count / seconds;
}

const without = await throughput('plain');
for (let n = 0; n < 10; n++)
  await post('/v1/webhooks', { url: `http://127.0.0.1:${port}/s${n}`, events: ['zoos.created'] });
const written = new Map();
const start = performance.now();
for (let n = 0; n < 200; n++) {
  await sleep(Math.max(0, start + n * 50 - performance.now()));
  const name = `latency ${n}`;
  await post('/v1/zoos', { name });
  written.set(name, performance.now());
}
await sleep(3000);
// Last: the deliveries of this run compete with the writes for the server's core.
const withHooks = await throughput('hooked');
const latencies = [];
let missing = 0;
for (const [name, at] of written)
  for (let n = 0; n < 10; n++) {
    const arrived = arrivals.get(`/s${n} ${name}`);
    if (arrived === undefined) missing++;
    else latencies.push(arrived - at);
  }
console.log(
  JSON.stringify(
    {
      writesPerSecond: { without: Math.round(without), with10Subscriptions: Math.round(withHooks) },
      ratio: Number((withHooks / without).toFixed(2)),
      firstAttemptMs: {
        p50: Math.round(quantile(latencies, 0.5)),
        p95: Math.round(quantile(latencies, 0.95)),
        max: Math.round(quantile(latencies, 1)),
      },
      missing,
    },
    null,
    2,
  ),
);
zoo.stop();
receiver.close();
