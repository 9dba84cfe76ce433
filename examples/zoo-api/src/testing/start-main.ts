import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));

/** A zoo service started as its own process, as `npm start` does (sources through tsx). */
export interface MainProcess {
  readonly child: ReturnType<typeof spawn>;
  /** Where it listens, once it says so. */
  readonly origin: Promise<string>;
  /** Its exit code, once it exits. */
  readonly exited: Promise<number | null>;
  /** What it printed so far. */
  output(): string;
  /** What it printed on stderr so far. */
  errorOutput(): string;
}

/**
 * Starts `main.ts` on a free port with these environment variables added to the test's own, and
 * `nodeOptions` before the script (`--expose-gc`, say).
 */
export function startMain(env: Record<string, string>, nodeOptions: readonly string[] = []): MainProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=@corral/source', '--import', 'tsx', ...nodeOptions, mainScript],
    {
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const origin = new Promise<string>((resolve, reject) => {
    const look = (): void => {
      const found = /listening on (https?:\/\/\S+?)[ (]/.exec(stdout);
      if (found) resolve(found[1]!);
    };
    child.stdout.on('data', look);
    child.once('exit', (code) => reject(new Error(`main exited early with ${code}: ${stdout}${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, origin, exited, output: () => stdout, errorOutput: () => stderr };
}

/** A token request of a demo client (secret `<client>-secret`) to a process's embedded authorization server. */
export function tokenRequest(origin: string, client = 'zoo-reader'): Promise<Response> {
  return fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client}:${client}-secret`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
}

/** A token of a demo client from a process's embedded authorization server. */
export async function demoToken(origin: string, client = 'zoo-admin'): Promise<string> {
  return ((await (await tokenRequest(origin, client)).json()) as { access_token: string }).access_token;
}

/** Processes of the zoo started together, and how to stop them all. */
export interface StartedProcesses {
  readonly processes: readonly MainProcess[];
  /** Where each listens, in start order. */
  readonly origins: readonly string[];
  /** Ends every process and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts `count` processes of `main.ts` at the same moment with one environment (e.g. one database schema). */
export async function startProcesses(env: Record<string, string>, count = 2): Promise<StartedProcesses> {
  const processes = Array.from({ length: count }, () => startMain(env));
  const stop = async () => {
    for (const p of processes) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exited));
  };
  try {
    return { processes, origins: await Promise.all(processes.map((p) => p.origin)), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
