import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Bundles the admin's page from its sources (the zoo process serves it from the package's dist/ui). */
export function buildAdminPage(): void {
  const script = fileURLToPath(new URL('../../../../packages/admin/build-ui.mjs', import.meta.url));
  const run = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`building the admin page failed (${run.status})`);
}

/** A port nothing listens on now, so PUBLIC_URL (and the admin's redirect URI) can name it before start. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Serious and critical findings of axe-core on the page as it is now. */
export async function axeFindings(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the browser's debugging protocol, which the page's CSP does not govern.
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A client of the API that is not the browser: another person, changing records meanwhile. */
export function otherClient(origin: string, token: string) {
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: answer.status,
      body: (await answer.json().catch(() => ({}))) as Record<string, unknown>,
      etag: answer.headers.get('etag'),
    };
  };
  return { send };
}
