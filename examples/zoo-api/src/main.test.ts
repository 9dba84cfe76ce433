import { describe, expect, it } from 'vitest';
import { startMain } from './testing/start-main.js';

describe('main (npm start) and its access log', () => {
  it('writes the access line of every answered request before exiting on SIGTERM', async () => {
    const main = startMain({ LOG_LEVEL: 'info', STORE: 'memory' });
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
