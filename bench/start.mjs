// Starts a server script in a child process, pinned to one core when taskset exists.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export const serverCore = '0';
export const loadCore = '1';
export const canPin = existsSync('/usr/bin/taskset');

/**
 * Runs `node script` (pinned to the server core, or to `core`) with the given Node binary and waits for it to
 * report its port over IPC. Its stdout (the access log) goes to /dev/null, the same for every server.
 */
export function startServer(script, env = {}, node = process.execPath, core = serverCore) {
  const command = canPin ? 'taskset' : node;
  const args = canPin ? ['-c', core, node, script] : [script];
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once('message', ({ port }) =>
      resolve({ origin: `http://127.0.0.1:${port}`, child, stop: () => child.kill() }),
    );
  });
}
