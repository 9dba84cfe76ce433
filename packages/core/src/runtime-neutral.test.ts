import { builtinModules } from 'node:module';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const nodeModules = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** A bundle as a runtime without Node would load it, Node modules left as imports so they show. */
async function bundle(format: 'esm' | 'iife', source: string) {
  const result = await build({
    stdin: {
      contents: source,
      resolveDir: new URL('.', import.meta.url).pathname,
      sourcefile: 'entry.ts',
      loader: 'ts',
    },
    bundle: true,
    platform: 'neutral',
    format,
    globalName: 'bundled',
    conditions: ['@corral/source', 'import', 'default'],
    mainFields: ['module', 'main'],
    external: [...nodeModules],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  return {
    text: result.outputFiles[0]?.text ?? '',
    imports: Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path)),
  };
}

/** A small app on the main entry: it creates a note and lists the notes through api.fetch, and tries to listen. */
const app = `
  import { z } from 'zod';
  import { createApi, defineCollection, memoryStore } from './index';
  export async function run() {
    const notes = defineCollection({ name: 'notes', schema: z.object({ text: z.string() }), store: memoryStore() });
    const api = createApi({ collections: [notes] });
    const json = { 'content-type': 'application/json' };
    const created = await api.fetch(new Request('http://edge.test/v1/notes', { method: 'POST', headers: json, body: JSON.stringify({ text: 'hi' }) }));
    const list = await api.fetch(new Request('http://edge.test/v1/notes'));
    const refused = await api.fetch(new Request('http://edge.test/v1/notes', { method: 'POST', headers: json, body: '{' }));
    // Work accepted for later runs on the runtime's timers too.
    const accepted = await api.fetch(new Request('http://edge.test/v1/notes', { method: 'DELETE', headers: { prefer: 'respond-async' } }));
    let job = { status: 'queued' };
    for (let i = 0; i < 50 && job.status !== 'succeeded'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      job = await (await api.fetch(new Request('http://edge.test' + accepted.headers.get('location')))).json();
    }
    let listening;
    try {
      api.listen(0);
    } catch (error) {
      listening = error.code;
    }
    return { listening, accepted: accepted.status, job: job.status, created: created.status, location: created.headers.get('location'), list: await list.json(), refused: refused.status, length: list.headers.get('content-length') };
  }
`;

describe('the main entry of @corral/core', () => {
  it('imports no Node module, directly or through its dependencies', async () => {
    const { imports } = await bundle('esm', `export * from './index';`);
    expect(imports.filter((path) => nodeModules.has(path))).toEqual([]);
  });

  it('serves api.fetch in a context that has only Web globals', async () => {
    const { text } = await bundle('iife', app);
    const lines: string[] = [];
    // What a Web runtime offers, and nothing of Node: no process, Buffer, require or setImmediate.
    const context: Record<string, unknown> = {
      Request,
      Response,
      Headers,
      URL,
      URLSearchParams,
      TextEncoder,
      TextDecoder,
      ReadableStream,
      AbortController,
      AbortSignal,
      crypto,
      performance,
      atob,
      btoa,
      structuredClone,
      queueMicrotask,
      setTimeout,
      clearTimeout,
      setInterval,
      clearInterval,
      console: { log: (line: string) => void lines.push(line), error: (line: string) => void lines.push(line) },
    };
    const run = runInNewContext(`${text}; bundled.run`, context, { filename: 'neutral-bundle.js' }) as () => Promise<
      Record<string, unknown>
    >;
    expect(context.process).toBeUndefined();
    const result = await run();
    expect(result).toMatchObject({
      listening: 'CORRAL_NODE_ONLY',
      created: 201,
      location: '/v1/notes/1',
      refused: 400,
      accepted: 202,
      job: 'succeeded',
    });
    expect(JSON.parse(JSON.stringify(result.list))).toMatchObject({ notes: [{ id: '1', text: 'hi' }] });
    expect(Number(result.length)).toBeGreaterThan(0);
    // Without Node there is no pino: the default logger writes JSON lines to the console.
    const statuses = lines.map((line) => JSON.parse(line)).map((l) => l.status);
    expect(statuses.slice(0, 4)).toEqual([201, 200, 400, 202]);
    expect(statuses).toContain(204); // the job's own run of the DELETE
  });
});
