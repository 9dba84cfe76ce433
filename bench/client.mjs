// What @corral/client adds per request: the zoo's single-record GET, one request at a time, by
// undici.request with the same token and headers (the floor) and by the client (ETag cache off,
// so both get the whole 200; and on, re-reads answered 304). Alternating blocks; medians.
import { request, Agent } from 'undici';
import { startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function token(origin) {
  const response = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('zoo-reader:zoo-reader-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return (await response.json()).access_token;
}

/** Median µs per request of `call`, over `count` sequential calls. */
async function timed(call, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    await call();
    times.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  return median(times);
}

export async function clientBench({ blocks = 10, perBlock = 500 } = {}) {
  const { createClient } = await import('../packages/client/dist/index.js');
  const server = await startServer(here('./servers/corral.mjs'), { OAUTH_ISSUER: '', OAUTH_AUDIENCE: '' });
  try {
    const bearer = await token(server.origin);
    const dispatcher = new Agent({ connections: 1 });
    const url = `${server.origin}/v1/employees/7`;
    const raw = async () => {
      const response = await request(url, {
        dispatcher,
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
      });
      await response.body.json();
    };
    const plain = createClient({ baseUrl: `${server.origin}/v1`, auth: bearer, etagCacheSize: 0, connections: 1 });
    const caching = createClient({ baseUrl: `${server.origin}/v1`, auth: bearer, connections: 1 });
    const variants = {
      'undici.request': raw,
      'client, no ETag cache': () => plain.collection('employees').get('7'),
      'client, re-read answered 304': () => caching.collection('employees').get('7'),
    };
    for (const call of Object.values(variants)) for (let i = 0; i < 300; i++) await call(); // warm-up
    const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
    for (let block = 0; block < blocks; block++) {
      const order = Object.keys(variants);
      for (let i = 0; i < block % order.length; i++) order.push(order.shift());
      for (const name of order) samples[name].push(await timed(variants[name], perBlock));
    }
    await Promise.all([plain.close(), caching.close(), dispatcher.close()]);
    const floor = median(samples['undici.request']);
    const lines = [
      '',
      "## The client's overhead (single-record GET of the zoo API, one request at a time)",
      '',
      '| caller | p50 µs per request | minus undici.request |',
      '|---|---:|---:|',
    ];
    const overheads = {};
    for (const [name, values] of Object.entries(samples)) {
      const p50 = median(values);
      overheads[name] = p50 - floor;
      lines.push(`| ${name} | ${p50.toFixed(1)} | ${name === 'undici.request' ? '' : `${(p50 - floor).toFixed(1)}`} |`);
    }
    return { lines, overheads };
  } finally {
    server.stop();
  }
}
