import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CorralRequest } from './exchange.js';
import { fromFetchRequest } from './fetch-adapter.js';
import { fromNodeRequest } from './node-adapter.js';
import { storedRequest } from '../jobs/stored-request.js';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Reads the body twice, as a hook and then a handler do, and once more with a limit it exceeds. */
async function readTwice(request: CorralRequest): Promise<string[]> {
  const first = text(await request.readBody(1024));
  const second = text(await request.readBody(1024));
  const tooSmall = await request.readBody(2).then(
    () => 'read',
    (error: { status?: number }) => String(error.status),
  );
  return [first, second, tooSmall];
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('a request body read twice', () => {
  it('gives the same bytes both times on node:http, over a real socket', async () => {
    const seen: string[][] = [];
    server = createServer((req, res) => {
      void readTwice(fromNodeRequest(req, res)).then((result) => (seen.push(result), res.end('ok')));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{"a":1}' }).then((r) => r.text());
    expect(seen).toEqual([['{"a":1}', '{"a":1}', '413']]);
  });

  it('gives the same bytes both times through the fetch adapter and for stored job requests', async () => {
    const fetched = fromFetchRequest(new Request('http://x/', { method: 'POST', body: '{"b":2}' }));
    expect(await readTwice(fetched)).toEqual(['{"b":2}', '{"b":2}', '413']);
    const stored = storedRequest({ method: 'POST', path: '/', query: '', headers: {}, body: '{"c":3}' });
    expect(await readTwice(stored)).toEqual(['{"c":3}', '{"c":3}', '413']);
  });
});
