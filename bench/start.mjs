// Starts a server script in a child process, pinned to one core when taskset exists.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export const serverCore = '0';
export const loadCore = '1';
export const canPin = existsSync('/usr/bin/taskset');

/** Runs `node script` (pinned to the server core) and waits for it to report its port over IPC. */
export function startServer(script, env = {}) {
  const command = canPin ? 'taskset' : process.execPath;
  const args = canPin ? ['-c', serverCore, process.execPath, script] : [script];
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once('message', ({ port }) => resolve({ origin: `http://127.0.0.1:${port}`, stop: () => child.kill() }));
  });
}
