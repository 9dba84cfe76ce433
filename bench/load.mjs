// One measurement: autocannon against a URL for a fixed time after a warm-up.
import autocannon from 'autocannon';

export async function measure(url, { token, connections = 50, warmupSeconds = 2, seconds = 5 } = {}) {
  const options = { url, connections, pipelining: 1, headers: token ? { authorization: `Bearer ${token}` } : {} };
  await autocannon({ ...options, duration: warmupSeconds });
  const result = await autocannon({ ...options, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
