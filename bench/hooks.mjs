// What hooks cost: the same plain API served by the core of a baseline commit (before hooks
// existed), by today's core without hooks, and by today's core with a no-op hook in every phase.
// Alternating rounds, medians, ratios against the baseline of the same run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inProcessHooksBench } from './hooks-in-process.mjs';
import { measure } from './load.mjs';
import { startServer } from './start.mjs';

/** The last commit before the hook machinery; `--baseline=<ref>` compares against another. */
export const defaultBaseline = 'd6abc8b';
const here = (path) => new URL(path, import.meta.url).pathname;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Checks out and builds the baseline once per commit, in the temp folder; null when git cannot. */
function baselineCore(ref) {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: here('..'), encoding: 'utf8' }).trim();
    const dir = join(tmpdir(), `corral-baseline-${commit}`);
    if (!existsSync(join(dir, 'packages/core/dist/index.js'))) {
      if (!existsSync(dir))
        execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: here('..'), stdio: 'ignore' });
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
      execFileSync('node', ['scripts/build.mjs', '--no-dts', '--quiet'], { cwd: dir, stdio: 'ignore' });
    }
    return { commit, entry: join(dir, 'packages/core/dist/index.js') };
  } catch (error) {
    console.error(`hooks bench: no baseline (${error.message.split('\n')[0]})`);
    return null;
  }
}

export async function hooksBench({ rounds, timing, baseline = defaultBaseline }) {
  const before = baselineCore(baseline);
  if (!before) return { lines: [], ratios: {} };
  const current = here('../packages/core/dist/index.js');
  const variants = {
    [`before hooks (${before.commit})`]: { CORE_ENTRY: before.entry, HOOKS: 'none' },
    'no hooks': { CORE_ENTRY: current, HOOKS: 'none' },
    'no-op hook in every phase': { CORE_ENTRY: current, HOOKS: 'noop' },
  };
  const endpoints = {
    'list page': '/v1/employees?state=internal&sortby=name&limit=10',
    'single record': '/v1/employees/7',
  };
  const servers = {};
  for (const [name, env] of Object.entries(variants))
    servers[name] = await startServer(here('./servers/hooks-api.mjs'), env);
  const samples = {};
  try {
    for (let round = 0; round < rounds; round++) {
      const order = Object.keys(servers);
      for (let i = 0; i < round; i++) order.push(order.shift());
      for (const [label, path] of Object.entries(endpoints)) {
        for (const name of order) {
          const result = await measure(`${servers[name].origin}${path}`, timing);
          ((samples[label] ??= {})[name] ??= []).push(result.rps);
          console.error(`hooks round ${round + 1} ${label} ${name}: ${Math.round(result.rps)} req/s`);
        }
      }
    }
  } finally {
    for (const server of Object.values(servers)) server.stop();
  }
  // Each round measures every server once, one after the other: the ratio within a round pairs
  // measurements taken seconds apart, so drift of the machine between rounds cancels out.
  const baseName = Object.keys(variants)[0];
  const lines = [
    '',
    '## What hooks cost (plain API, no auth, no access log)',
    '',
    `Median over ${rounds} rounds of the ratio to the core from before hooks within each round (lowest and highest in brackets).`,
    '',
    '| endpoint | server | req/s | this / before hooks |',
    '|---|---|---:|---:|',
  ];
  const ratios = {};
  for (const [label, byServer] of Object.entries(samples)) {
    for (const [name, values] of Object.entries(byServer)) {
      const paired = values.map((value, round) => value / byServer[baseName][round]).sort((a, b) => a - b);
      const ratio = median(paired);
      ratios[`${label}: ${name} vs before hooks`] = ratio;
      const range = name === baseName ? '' : ` [${paired[0].toFixed(2)}, ${paired[paired.length - 1].toFixed(2)}]`;
      lines.push(`| ${label} | ${name} | ${Math.round(median(values))} | ${ratio.toFixed(3)}${range} |`);
    }
  }
  // The same comparison without sockets: the pipeline's own cost, less exposed to the machine's noise.
  const inProcess = await inProcessHooksBench({
    variants: {
      [baseName]: { entry: before.entry, hooks: false },
      'no hooks': { entry: current, hooks: false },
      'no-op hook in every phase': { entry: current, hooks: true },
    },
    endpoints,
  });
  lines.push(
    '',
    'In one process, through `api.handle` (no sockets), alternating blocks of 2000 requests: median µs per request, and the median of per-block ratios (lowest and highest in brackets).',
    '',
    '| endpoint | server | µs per request | this / before hooks |',
    '|---|---|---:|---:|',
  );
  for (const [label, byServer] of Object.entries(inProcess)) {
    for (const [name, values] of Object.entries(byServer)) {
      const paired = values.map((value, block) => value / byServer[baseName][block]).sort((a, b) => a - b);
      const ratio = median(paired);
      ratios[`in process ${label}: ${name} vs before hooks (time, lower is faster)`] = ratio;
      const range = name === baseName ? '' : ` [${paired[0].toFixed(2)}, ${paired[paired.length - 1].toFixed(2)}]`;
      lines.push(`| ${label} | ${name} | ${median(values).toFixed(2)} | ${ratio.toFixed(3)}${range} |`);
    }
  }
  return { lines, ratios };
}
