import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';

const run = promisify(execFile);
const server = process.env.CORRAL_TEST_MARIADBD ?? '/usr/sbin/mariadbd';

/** A MariaDB server of one test's own, which it may stop and start (never the shared one). */
export interface PrivateServer {
  /** Where it listens, on 127.0.0.1 (user root without password, database `test`). */
  readonly url: string;
  /** Stops it as an operator would (SIGTERM: sessions are ended, then it shuts down). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  destroy(): Promise<void>;
}

/** Whether a private server can be made here: the server's programs are installed. */
export function privateServerPossible(): boolean {
  const missing = !existsSync(server) ? `no ${server}` : undefined;
  if (missing === undefined) return true;
  if (process.env.CI) throw new Error(`CI needs a private MariaDB server: ${missing}`);
  console.warn(`Skipping the tests that stop a MariaDB server: ${missing}`);
  return false;
}

/** A loopback port nothing listens on (bound once, then released). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Makes and starts a throwaway server on a free port, its data in a new directory. */
export async function startPrivateServer(): Promise<PrivateServer> {
  const dir = await mkdtemp(join(tmpdir(), 'corral-mariadb-'));
  const data = join(dir, 'data');
  const user = process.getuid?.() === 0 ? 'root' : (process.env.USER ?? 'root');
  await run('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${data}`,
    `--user=${user}`,
    '--skip-test-db',
    '--auth-root-authentication-method=normal',
  ]);
  const port = await freePort();
  const url = `mysql://root@127.0.0.1:${port}/test`;
  let child: ChildProcess | undefined;
  const args = [
    '--no-defaults',
    `--datadir=${data}`,
    `--user=${user}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${join(dir, 'socket')}`,
    `--pid-file=${join(dir, 'pid')}`,
    '--skip-log-bin',
    '--innodb-buffer-pool-size=32M',
    '--innodb-flush-log-at-trx-commit=0',
  ];
  const start = async () => {
    child = spawn(server, args, { stdio: 'ignore' });
    for (let tries = 0; ; tries++) {
      try {
        const connection = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
        await connection.query('CREATE DATABASE IF NOT EXISTS test');
        await connection.end();
        return;
      } catch (error) {
        if (tries > 150) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
