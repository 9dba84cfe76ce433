// Webhooks: the zoo as npm start runs it (SQLite, its own process on the server core), a receiver
// in a process of its own pinned beside the load generator (allow-listed with WEBHOOK_ALLOW).
// 1. Write throughput (wrk, POST /v1/zoos) with 10 subscriptions to zoos.created against none, in
//    alternating rounds of the same run; after each round with subscriptions, the time until the
//    receiver has every delivery of the round (the backlog the burst left).
// 2. 20 writes a second for 10 s with 10 subscriptions (200 deliveries a second): the time from
//    sending a write to the first delivery attempt of its event, for every subscription.
// Every answer counted is a 2xx. `npm run bench -- --webhooks-only`, or alone after a build:
// node bench/webhooks.mjs [--rounds=N] [--seconds=S] [--quick].
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { loadGenerator, refuseFailures, wrk } from './load.mjs';
import { canPin, loadCore, startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const sorted = (values) => [...values].sort((a, b) => a - b);
const quantile = (values, q) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))];
const median = (values) => quantile(values, 0.5);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const epochMs = () => performance.timeOrigin + performance.now();
const subscriptions = 10;

/** Asks the receiver process something over IPC. */
function ask(receiver, message) {
  return new Promise((resolve) => {
    receiver.child.once('message', resolve);
    receiver.child.send(message);
  });
}

async function tokenOf(origin) {
  const response = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('zoo-admin:zoo-admin-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return (await response.json()).access_token;
}

/** The zoo and the receiver, and the calls the benchmark makes. */
async function start() {
  const receiver = await startServer(here('./servers/receiver.mjs'), {}, process.execPath, loadCore);
  const receiverPort = new URL(receiver.origin).port;
  const zoo = await startServer(here('./servers/corral.mjs'), {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'corral-bench-hooks-')),
    OAUTH_ISSUER: '',
    OAUTH_AUDIENCE: '',
    WEBHOOK_ALLOW: `127.0.0.1:${receiverPort}`,
  });
  const token = await tokenOf(zoo.origin);
  // A connection of its own for each call: wrk runs synchronously, so an idle kept-alive
  // connection's close goes unnoticed meanwhile and the next request on it would fail.
  const call = async (method, path, body, status) => {
    const dispatcher = new Agent();
    const response = await fetch(`${zoo.origin}${path}`, {
      dispatcher,
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    await dispatcher.close();
    if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  /** Ten subscriptions to zoos.created, /s0 to /s9, starting at the log's present. */
  const subscribe = async () => {
    const ids = [];
    for (let n = 0; n < subscriptions; n++) {
      const url = `http://127.0.0.1:${receiverPort}/s${n}`;
      ids.push((await call('POST', '/v1/webhooks', { url, events: ['zoos.created'] }, 201)).id);
    }
    return async () => {
      for (const id of ids) await call('DELETE', `/v1/webhooks/${id}`, undefined, 204);
    };
  };
  const stop = () => {
    zoo.stop();
    receiver.stop();
  };
  return { zoo, receiver, token, call, subscribe, stop };
}

/** One wrk run of POST /v1/zoos: writes a second and how many were written. */
function writeRound(origin, token, prefix, seconds) {
  const url = `${origin}/v1/zoos`;
  const script = here('./zoo-writes.lua');
  const result = wrk(url, { token, connections: 10, seconds, script, scriptArgs: [prefix] });
  refuseFailures(url, result);
  const written = Number(/(\d+) requests in/.exec(result.output)?.[1]);
  return { rps: result.rps, written };
}

/** Waits until the receiver has `expected` requests in all: ms waited, or undefined after `limitMs`. */
async function drained(receiver, expected, limitMs = 120_000) {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if ((await ask(receiver, 'count')).count >= expected) return performance.now() - start;
    await sleep(50);
  }
  return undefined;
}

/** Write throughput with and without subscriptions, in alternating rounds. */
async function throughput(kit, { rounds, seconds }) {
  const { zoo, token, receiver } = kit;
  writeRound(zoo.origin, token, 'warm-up', 2);
  const on = [];
  const off = [];
  const drains = [];
  let expected = 0;
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always meets a warmer or busier machine.
    const order = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const which of order) {
      if (which === 'off') {
        const { rps } = writeRound(zoo.origin, token, `off${round}`, seconds);
        off.push(rps);
        console.error(`webhooks round ${round + 1} off: ${Math.round(rps)} writes/s`);
        continue;
      }
      const unsubscribe = await kit.subscribe();
      const { rps, written } = writeRound(zoo.origin, token, `on${round}`, seconds);
      expected += written * subscriptions;
      const drain = await drained(receiver, expected);
      await unsubscribe();
      on.push(rps);
      drains.push({ written, drainMs: drain });
      console.error(
        `webhooks round ${round + 1} on: ${Math.round(rps)} writes/s; ${written * subscriptions} deliveries all in ${drain === undefined ? 'not within 120 s' : `${Math.round(drain)} ms`} after the last write`,
      );
      if (drain === undefined) throw new Error('webhook deliveries did not all arrive within 120 s of the writes');
    }
  }
  const ratios = on.map((rps, i) => rps / off[i]);
  return { on, off, ratios, drains };
}

/** 20 writes a second for `seconds` with 10 subscriptions: send-to-first-attempt times. */
async function firstAttempt(kit, { seconds }) {
  const unsubscribe = await kit.subscribe();
  const sent = [];
  const start = performance.now();
  for (let n = 0; n < seconds * 20; n++) {
    await sleep(Math.max(0, start + n * 50 - performance.now()));
    const name = `latency ${n}`;
    const at = epochMs();
    await kit.call('POST', '/v1/zoos', { name }, 201);
    sent.push([name, at]);
  }
  await sleep(3000);
  const keys = sent.flatMap(([name]) => Array.from({ length: subscriptions }, (_, s) => [`/s${s}`, name]));
  const { arrivals } = await ask(kit.receiver, { arrivals: keys });
  const latencies = [];
  let missing = 0;
  arrivals.forEach((arrived, i) => {
    if (arrived === null) missing++;
    else latencies.push(arrived - sent[Math.floor(i / subscriptions)][1]);
  });
  await unsubscribe();
  return {
    deliveries: keys.length,
    missing,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    max: quantile(latencies, 1),
  };
}

/** Runs both parts; `lines` is the report's section. */
export async function webhookBench({ rounds = 5, seconds = 5, quick = false } = {}) {
  const kit = await start();
  try {
    const writes = await throughput(kit, { rounds: quick ? 1 : rounds, seconds: quick ? 2 : seconds });
    const latency = await firstAttempt(kit, { seconds: quick ? 3 : 10 });
    const ratio = median(writes.ratios);
    const fixed = (value, digits = 2) => value.toFixed(digits);
    const lines = [
      '',
      '## Webhooks',
      '',
      `The zoo as npm start runs it (SQLite) on core ${canPin ? '0' : 'any'}; ${loadGenerator} (10 connections, POST /v1/zoos) and a receiver in its own process on core ${canPin ? loadCore : 'any'}, answering 200 at once. "on": 10 subscriptions to zoos.created (10 deliveries per write); "off": none. ${writes.on.length} alternating round(s) of ${quick ? 2 : seconds} s; every answer counted was a 2xx.`,
      '',
      '| | writes/s median | rounds |',
      '|---|---:|---|',
      `| off | ${Math.round(median(writes.off))} | ${writes.off.map(Math.round).join(', ')} |`,
      `| on | ${Math.round(median(writes.on))} | ${writes.on.map(Math.round).join(', ')} |`,
      `| on / off | ${fixed(ratio)} | ${writes.ratios.map((r) => fixed(r)).join(', ')} (min ${fixed(Math.min(...writes.ratios))}, max ${fixed(Math.max(...writes.ratios))}) |`,
      '',
      `After each round with subscriptions, every delivery had arrived ${writes.drains.map((d) => `${(d.drainMs / 1000).toFixed(1)} s`).join(', ')} after the last write (${writes.drains.map((d) => d.written * subscriptions).join(', ')} deliveries).`,
      '',
      `20 writes/s with 10 subscriptions (200 deliveries/s), ${latency.deliveries} deliveries: write sent to first delivery attempt p50 ${fixed(latency.p50, 1)} ms, p95 ${fixed(latency.p95, 1)} ms, max ${fixed(latency.max, 1)} ms; ${latency.missing} missing.`,
    ];
    return { lines, results: { writes, ratio, latency } };
  } finally {
    kit.stop();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  // Alone: the load generator (wrk, a child of this process) runs on the other core than the zoo.
  if (canPin && !process.env.BENCH_PINNED) {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync('taskset', ['-c', loadCore, process.execPath, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_PINNED: '1' },
    });
    process.exit(run.status ?? 1);
  }
  const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const { lines } = await webhookBench({
    rounds: Number(option('rounds') ?? 5),
    seconds: Number(option('seconds') ?? 5),
    quick: process.argv.includes('--quick'),
  });
  console.log(lines.join('\n'));
}
