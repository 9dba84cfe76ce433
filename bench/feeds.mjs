// Feeds: two zoo instances on one PostgreSQL schema. 1,000 subscribers, split across them, each on
// the feed of one employee of 1,000; 10 on the whole collection (3 with a token that may not read
// it, refused) and 5 on a filtered list; 100 updates a second of random employees through either
// instance. Then 10,000 idle subscribers on one instance: its memory and event loop delay.
import pg from 'pg';
import { openFeed } from './sse.mjs';
import { startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const databaseUrl = process.env.CORRAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = 'corral_bench_feeds';
const sorted = (values) => [...values].sort((a, b) => a - b);
const quantile = (values, q) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freshSchema() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

async function token(origin, client, scope) {
  const response = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client}:${client}-secret`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: `grant_type=client_credentials${scope ? `&scope=${encodeURIComponent(scope)}` : ''}`,
  });
  return (await response.json()).access_token;
}

async function call(origin, bearer, method, path, body) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body ? { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A PATCH; resolves with the ETag of the record it made (feed events name the same). */
async function patch(origin, bearer, path, body) {
  const response = await fetch(`${origin}${path}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`PATCH ${path}: ${response.status}`);
  return response.headers.get('etag');
}

/** Runs `count` calls of `work(i)`, `width` at a time. */
async function inBatches(count, width, work) {
  const results = new Array(count);
  for (let start = 0; start < count; start += width)
    await Promise.all(
      Array.from({ length: Math.min(width, count - start) }, async (_, k) => {
        results[start + k] = await work(start + k);
      }),
    );
  return results;
}

async function startPair(extra = {}) {
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    PUBLIC_URL: 'http://zoo.bench',
    OAUTH_ISSUER: '',
    OAUTH_AUDIENCE: '',
    STREAMS_PER_CLIENT: '100000',
    MAX_CONNECTIONS: '20000',
    BENCH_LOOP_DELAY: '1',
    ...extra,
  };
  const a = await startServer(here('./servers/corral.mjs'), env);
  const b = await startServer(here('./servers/corral.mjs'), env);
  return [a, b];
}

/** Asks a server started with BENCH_LOOP_DELAY for its event loop delay and memory (see servers/corral.mjs). */
function loopDelay(server, reset = false) {
  return new Promise((resolve) => {
    server.child.once('message', resolve);
    server.child.send(reset ? 'loop-delay-reset' : 'loop-delay');
  });
}

async function deliveries({ seconds, ratePerSecond }) {
  await freshSchema();
  const instances = await startPair();
  try {
    const [a] = instances;
    const admin = await token(a.origin, 'zoo-admin');
    const outsider = await token(a.origin, 'zoo-admin', 'zoo:read');
    const ids = await inBatches(1000, 20, async (i) => {
      const created = await call(a.origin, admin, 'POST', '/v1/employees', {
        name: `Feed ${i}`,
        yearOfBirth: 1980,
        state: i % 2 ? 'internal' : 'external',
        maturity: 'junior',
      });
      return String(created.id);
    });
    const internal = new Set(ids.filter((_, i) => i % 2));
    const received = new Map(); // subscriber -> [{ id, version, receivedAt, record }]
    const open = async (name, origin, path, bearer) => {
      const events = [];
      received.set(name, events);
      const feed = await openFeed(`${origin}${path}`, bearer, (event) => {
        if (event.event === 'created' || event.event === 'updated' || event.event === 'deleted')
          events.push({ ...event.data, receivedAt: event.receivedAt });
      });
      return { name, ...feed };
    };
    const feeds = await inBatches(1000, 100, (i) =>
      open(`record ${i}`, instances[i % 2].origin, `/v1/employees/${ids[i]}`, admin),
    );
    for (let i = 0; i < 10; i++)
      feeds.push(await open(`collection ${i}`, instances[i % 2].origin, '/v1/employees', i < 7 ? admin : outsider));
    for (let i = 0; i < 5; i++)
      feeds.push(await open(`internal ${i}`, instances[i % 2].origin, '/v1/employees?state=internal', admin));
    const refused = feeds.filter((feed) => feed.status === 403).length;
    if (feeds.some((feed) => feed.status !== 200 && feed.status !== 403))
      throw new Error('a feed did not open with 200 or 403');
    await sleep(1000);

    // Updates at a steady rate; each remembers when it was sent and the version it made.
    const sent = new Map(); // `${id} ${etag}` -> sentAt
    const writes = [];
    const started = performance.now();
    for (let n = 0; n < seconds * ratePerSecond; n++) {
      const due = started + (n * 1000) / ratePerSecond;
      if (due > performance.now()) await sleep(due - performance.now());
      const id = ids[Math.floor(Math.random() * ids.length)];
      const sentAt = performance.now();
      writes.push(
        patch(instances[n % 2].origin, admin, `/v1/employees/${id}`, { yearOfBirth: 1950 + (n % 50) }).then((etag) =>
          sent.set(`${id} ${etag}`, sentAt),
        ),
      );
    }
    await Promise.all(writes);
    await sleep(2000);
    const held = await heldBack(instances, admin, ids[0], received.get('record 0'));
    for (const feed of feeds) feed.close();
    return { ...judge({ feeds, received, sent, ids, internal, refused, writes: writes.length }), held };
  } finally {
    for (const instance of instances) instance.stop();
  }
}

/**
 * What a long write transaction elsewhere on the server does: one that wrote and stays open for
 * 2 s holds changes committed meanwhile back until it ends. The delay of one update is measured.
 */
async function heldBack(instances, admin, id, events) {
  const other = new pg.Client({ connectionString: databaseUrl });
  await other.connect();
  try {
    await other.query('CREATE TABLE IF NOT EXISTS public.corral_bench_scratch (n integer)');
    await other.query('BEGIN');
    await other.query('INSERT INTO public.corral_bench_scratch VALUES (1)');
    const seen = events.length;
    const sentAt = performance.now();
    await call(instances[1].origin, admin, 'PATCH', `/v1/employees/${id}`, { yearOfBirth: 1999 });
    await sleep(2000);
    await other.query('COMMIT');
    while (events.length === seen && performance.now() - sentAt < 10_000) await sleep(5);
    return events.length > seen ? events[seen].receivedAt - sentAt : undefined;
  } finally {
    await other.end();
  }
}

function judge({ feeds, received, sent, ids, internal, refused, writes }) {
  const latencies = [];
  let missed = 0;
  let duplicated = 0;
  let forbidden = 0;
  const expected = (id) => [...sent.keys()].filter((key) => key.startsWith(`${id} `)).length;
  for (const feed of feeds) {
    const events = received.get(feed.name);
    if (feed.status === 403) {
      forbidden += events.length;
      continue;
    }
    const seen = new Set();
    for (const event of events) {
      const key = `${event.id} ${event.etag}`;
      if (seen.has(key)) duplicated++;
      seen.add(key);
      const sentAt = sent.get(key);
      if (sentAt !== undefined) latencies.push(event.receivedAt - sentAt);
      if (feed.name.startsWith('internal') && !internal.has(String(event.id))) forbidden++;
    }
    const mine = feed.name.startsWith('record')
      ? [ids[Number(feed.name.split(' ')[1])]]
      : feed.name.startsWith('internal')
        ? [...internal]
        : ids;
    for (const id of mine) missed += Math.max(0, expected(id) - [...seen].filter((k) => k.startsWith(`${id} `)).length);
  }
  return {
    writes,
    deliveries: latencies.length,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    missed,
    duplicated,
    forbidden,
    refused,
  };
}

export async function idle({ subscribers, seconds }) {
  await freshSchema();
  const [a, b] = await startPair();
  b.stop();
  try {
    const admin = await token(a.origin, 'zoo-admin');
    const ids = await inBatches(100, 20, async (i) => {
      const employee = { name: `Idle ${i}`, yearOfBirth: 1970, state: 'internal', maturity: 'senior' };
      return String((await call(a.origin, admin, 'POST', '/v1/employees', employee)).id);
    });
    const before = await loopDelay(a);
    const feeds = await inBatches(subscribers, 200, (i) =>
      openFeed(`${a.origin}/v1/employees/${ids[i % 100]}`, admin, () => {}),
    );
    const refused = feeds.filter((feed) => feed.status !== 200).map((feed) => feed.status);
    if (refused.length > 0) throw new Error(`idle feeds refused: ${[...new Set(refused)]} (${refused.length})`);
    await loopDelay(a, true);
    // Idle, but the instance still serves: a write a second to a watched record.
    for (let s = 0; s < seconds; s++) {
      await call(a.origin, admin, 'PATCH', `/v1/employees/${ids[s % 100]}`, { yearOfBirth: 1960 + s });
      await sleep(1000);
    }
    const after = await loopDelay(a);
    for (const feed of feeds) feed.close();
    return { subscribers, rssBefore: before.rss, rss: after.rss, loopP99: after.p99, loopMax: after.max };
  } finally {
    a.stop();
  }
}

export async function feedBench({ quick }) {
  const live = await deliveries({ seconds: quick ? 10 : 30, ratePerSecond: 100 });
  const resting = await idle({ subscribers: quick ? 2_000 : 10_000, seconds: quick ? 5 : 20 });
  const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;
  const lines = [
    '',
    '## Feeds: two instances on one PostgreSQL schema',
    '',
    `1,000 record feeds split across the instances (one employee each), 10 collection feeds (3 with a token without \`staff:read\`: refused with 403), 5 feeds of \`?state=internal\`; ${live.writes.toLocaleString('en')} PATCHes at 100/s through either instance. Latency: from sending the PATCH to the event's arrival.`,
    '',
    '| deliveries | p50 ms | p99 ms | missed | duplicated | delivered where not allowed | refused feeds |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    `| ${live.deliveries.toLocaleString('en')} | ${(live.p50 ?? Number.NaN).toFixed(1)} | ${(live.p99 ?? Number.NaN).toFixed(1)} | ${live.missed} | ${live.duplicated} | ${live.forbidden} | ${live.refused} |`,
    '',
    `A write transaction left open for 2 s by another program on the same server held an update committed meanwhile back: it arrived ${live.held === undefined ? 'never (within 10 s)' : `${Math.round(live.held)} ms`} after it was sent.`,
    '',
    `${resting.subscribers.toLocaleString('en')} idle feeds on one instance (a write a second): RSS ${mb(resting.rssBefore)} before, ${mb(resting.rss)} with them; event loop delay p99 ${resting.loopP99.toFixed(1)} ms (max ${resting.loopMax.toFixed(1)} ms).`,
  ];
  return { lines, live, resting };
}
