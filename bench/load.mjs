// One measurement: autocannon against a URL for a fixed time after a warm-up.
import autocannon from 'autocannon';

export async function measure(url, { token, connections = 50, warmupSeconds = 2, seconds = 5 } = {}) {
  const options = { url, connections, pipelining: 1, headers: token ? { authorization: `Bearer ${token}` } : {} };
  await autocannon({ ...options, duration: warmupSeconds });
  const result = await autocannon({ ...options, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Latency of one request at a time, in ms with microsecond resolution (autocannon rounds to whole
 * ms): for comparing how list latency grows with the collection, where the load is not the point.
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
