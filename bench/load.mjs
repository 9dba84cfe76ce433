// One measurement against a URL for a fixed time after a warm-up: wrk where it is installed (a C
// load generator that a fast server cannot outrun on two cores), autocannon otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';

export const loadGenerator = existsSync('/usr/bin/wrk') ? 'wrk' : 'autocannon';

const toMs = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];

/**
 * One wrk run. `script` is a Lua file and `scriptArgs` what its init() gets; `output` is what wrk
 * printed, the script's lines with it.
 */
export function wrk(url, { token, connections, seconds, timeoutSeconds, script, scriptArgs = [] }) {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    ...(timeoutSeconds ? [`--timeout`, `${timeoutSeconds}s`] : []),
    ...(token ? ['-H', `authorization: Bearer ${token}`] : []),
    ...(script ? ['-s', script] : []),
    url,
    ...(script ? ['--', ...scriptArgs] : []),
  ];
  const run = spawnSync('wrk', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const out = run.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const percentile = (p) => {
    const found = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    return found ? Number(toMs(found[1], found[2]).toFixed(2)) : NaN;
  };
  const bad = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errorCount = errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { rps, p50: percentile(50), p99: percentile(99), bad, errors: errorCount, output: out };
}

async function withAutocannon(url, { token, connections, seconds }) {
  const result = await autocannon({
    url,
    connections,
    pipelining: 1,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx,
    errors: result.errors,
  };
}

export async function measure(url, { token, connections = 50, warmupSeconds = 2, seconds = 5, timeoutSeconds } = {}) {
  const run = loadGenerator === 'wrk' ? wrk : withAutocannon;
  await run(url, { token, connections, seconds: warmupSeconds, timeoutSeconds });
  const result = await run(url, { token, connections, seconds, timeoutSeconds });
  refuseFailures(url, result);
  return { rps: result.rps, p50: result.p50, p99: result.p99 };
}

/** A run with any 4xx or 5xx answer (what wrk counts as non-2xx or 3xx) or socket error fails the benchmark. */
export function refuseFailures(url, result) {
  if (result.bad > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.bad} non-2xx answers and ${result.errors} socket errors`);
}

/**
 * Latency of one request at a time, in ms with microsecond resolution: for comparing how list
 * latency grows with the collection, where the load is not the point.
 */
export async function sequentialLatency(url, { requests = 3000, warmup = 300 } = {}) {
  const { Agent, request } = await import('undici');
  const dispatcher = new Agent({ connections: 1 });
  const times = [];
  for (let i = 0; i < warmup + requests; i++) {
    const started = process.hrtime.bigint();
    const response = await request(url, { dispatcher });
    await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    if (i >= warmup) times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  await dispatcher.close();
  times.sort((a, b) => a - b);
  const at = (q) => Number(times[Math.floor(q * (times.length - 1))].toFixed(3));
  return { p50: at(0.5), p99: at(0.99) };
}
