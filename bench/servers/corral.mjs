// The reference service as npm start runs it (built), access log on. With OAUTH_ISSUER it trusts
// an authorization server in another process; without, it embeds its own, as npm start does.
// Rate limits stay on (their counting is part of the work) with quotas a benchmark cannot use up.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serve } from '../../examples/zoo-api/dist/serve.js';

const unlimited = '1000000000';
const service = await serve({
  RATE_LIMIT: unlimited,
  RATE_LIMIT_WRITES: unlimited,
  RATE_LIMIT_TOKENS: unlimited,
  ...process.env,
  PORT: '0',
  LOG_LEVEL: 'info',
});
process.send?.({ port: new URL(service.localOrigin).port });

// For the feed benchmark: the event loop delay since the last reset, and the memory in use.
if (process.env.BENCH_LOOP_DELAY) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (message) => {
    if (message === 'loop-delay-reset') delay.reset();
    const ms = (ns) => ns / 1e6;
    process.send?.({ p99: ms(delay.percentile(99)), max: ms(delay.max), rss: process.memoryUsage().rss });
  });
}
