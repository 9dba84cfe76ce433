// `npm start` itself, checked on the built files (tests run the sources): with the build already
// current it skips the build, the zoo service starts on its default SQLite store in a fresh data
// folder, answers, and stops on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stampOf } from './build-freshness.mjs';

const stamp = stampOf('examples/zoo-api');
const builtAt = statSync(stamp).mtimeMs;
const dataDir = mkdtempSync(join(tmpdir(), 'corral-start-check-'));
const started = performance.now();
// detached: the service is npm's child, so the whole group gets the SIGTERM.
const child = spawn('npm', ['start', '--silent'], {
  env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
let output = '';
const origin = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`the service did not start:\n${output}`)), 30_000);
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const match = /listening on (http:\/\/[^\s]+?)(\/\S*)? \(/.exec(output);
    if (match) {
      clearTimeout(timer);
      resolve(match[1]);
    }
  });
  child.once('exit', (code) => reject(new Error(`the service exited with ${code}:\n${output}`)));
});
try {
  const res = await fetch(`${origin}/v1`);
  if (res.status !== 200) throw new Error(`GET /v1 answered ${res.status}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (statSync(join(dataDir, 'zoo.sqlite')).size === 0) throw new Error('no data file was written');
  if (statSync(stamp).mtimeMs !== builtAt) throw new Error('npm start rebuilt a build that was current');
  console.log(
    `npm start: skipped the current build, answered on ${origin} after ${seconds} s, keeps its data in DATA_DIR`,
  );
} finally {
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
