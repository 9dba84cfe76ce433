// What `npm start` runs, checked on the built files (tests run the sources): the zoo service
// starts on its default SQLite store in a fresh data folder, answers, and stops on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'corral-start-check-'));
const child = spawn(process.execPath, ['--enable-source-maps', 'examples/zoo-api/dist/main.js'], {
  env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
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
  if (statSync(join(dataDir, 'zoo.sqlite')).size === 0) throw new Error('no data file was written');
  console.log(`npm start: the built service answers on ${origin} and keeps its data in DATA_DIR`);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
