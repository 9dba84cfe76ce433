import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unreachableDatabaseUrl } from './server.js';

const run = promisify(execFile);
const binaries = process.env.CORRAL_TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A PostgreSQL server of one test's own, which it may stop and start (never the shared one). */
export interface PrivateCluster {
  /** Where it listens, on 127.0.0.1 (database `postgres`, trust). */
  readonly url: string;
  /** Stops it as an operator would (`pg_ctl stop -m fast`: sessions are ended, then it stops). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * Whether a private cluster can be made here: the server's programs are installed and this process
 * is root (initdb refuses root, so the cluster runs as the `postgres` user).
 */
export function privateClusterPossible(): boolean {
  const missing =
    process.getuid?.() !== 0
      ? 'the tests do not run as root (needed to run the cluster as the postgres user)'
      : !existsSync(join(binaries, 'initdb'))
        ? `no initdb in ${binaries}`
        : undefined;
  if (missing === undefined) return true;
  // In CI a test that stops a server must run, not be skipped.
  if (process.env.CI) throw new Error(`CI needs a private PostgreSQL cluster: ${missing}`);
  console.warn(`Skipping the tests that stop a PostgreSQL server: ${missing}`);
  return false;
}

/** Makes and starts a throwaway cluster on a free port, with its data and socket in new directories. */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const data = await mkdtemp(join(tmpdir(), 'corral-pg-data-'));
  const sockets = await mkdtemp(join(tmpdir(), 'corral-pg-socket-'));
  const { uid, gid } = await postgresUser();
  await Promise.all([chown(data, uid, gid), chown(sockets, uid, gid)]);
  const asPostgres = (program: string, ...args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', join(binaries, program), ...args]);
  await asPostgres('initdb', '-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8');
  const url = await unreachableDatabaseUrl('postgres');
  const port = new URL(url).port;
  const options = `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const start = async () => {
    await asPostgres('pg_ctl', '-D', data, '-l', join(data, 'server.log'), '-w', '-t', '30', '-o', options, 'start');
  };
  const stop = async () => {
    await asPostgres('pg_ctl', '-D', data, '-m', 'fast', '-w', 'stop');
  };
  await start();
  return {
    url,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      await Promise.all([rm(data, { recursive: true, force: true }), rm(sockets, { recursive: true, force: true })]);
    },
  };
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
