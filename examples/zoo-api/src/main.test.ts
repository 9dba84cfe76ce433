import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const mainScript = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Starts `main.ts` as `npm start` would (sources through tsx) and collects what it prints. */
function startMain() {
  const child = spawn(process.execPath, ['--conditions=@corral/source', '--import', 'tsx', mainScript], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', STORE: 'memory' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.resume();
  const origin = new Promise<string>((resolve, reject) => {
    const look = (): void => {
      const found = /listening on (http:\/\/\S+?)[ (]/.exec(stdout);
      if (found) resolve(found[1]!);
    };
    child.stdout.on('data', look);
    child.once('exit', (code) => reject(new Error(`main exited early with ${code}: ${stdout}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, origin, exited, output: () => stdout };
}

describe('main (npm start) and its access log', () => {
  it('writes the access line of every answered request before exiting on SIGTERM', async () => {
    const main = startMain();
    const origin = await main.origin;
    const ids = Array.from({ length: 300 }, (_, i) => `last-lines-${i}`);
    // Many answers in a burst, then SIGTERM at once: the asynchronous log still holds some of them.
    const answers = await Promise.all(ids.map((id) => fetch(`${origin}/v1`, { headers: { 'x-request-id': id } })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);

    const logged = new Set(
      main
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; requestId?: string })
        .filter((line) => line.msg === 'request')
        .map((line) => line.requestId),
    );
    expect(ids.filter((id) => !logged.has(id))).toEqual([]);
  }, 30_000);
});
