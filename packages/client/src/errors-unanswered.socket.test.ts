// The kinds of failures without an answer, over real sockets: no connection, no answer in time,
// and an abort, which is one kind wherever it strikes (before, during, or between requests).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { CorralClientError } from './errors.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

/** A loopback API whose root links `things`; `things` answers as the test says. */
async function serve(things: Handler) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.url === '/v1') return json(res, 200, { links: [{ rel: 'collection /v1/things', href: '/v1/things' }] });
    things(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return { baseUrl: `${origin}/v1`, seen, close };
}

const never: Handler = () => {}; // holds the request open
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('failures without an answer', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  async function clientOf(things: Handler, options: { dispatcher?: Agent; retries?: number } = {}) {
    const server = await serve(things);
    const client = createClient({
      baseUrl: server.baseUrl,
      retry: { retries: options.retries ?? 0 },
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    closers.push(() => client.close(), server.close);
    return { client, things: client.collection('things'), seen: server.seen };
  }

  it('network: a refused connection, status 0, the connection error as cause', async () => {
    const { baseUrl, close } = await serve(never);
    await close(); // the port is free now: connecting is refused
    const error = await failureOf(createClient({ baseUrl, retry: { retries: 0 } }).root());
    expect(error).toBeInstanceOf(CorralClientError);
    expect(error).toMatchObject({
      kind: 'network',
      status: 0,
      cause: expect.objectContaining({ code: 'ECONNREFUSED' }),
    });
  });

  it("timeout: the dispatcher's headers timeout passed", async () => {
    const dispatcher = new Agent({ headersTimeout: 100 });
    closers.push(() => dispatcher.close());
    const { things } = await clientOf(never, { dispatcher });
    expect(await failureOf(things.list())).toMatchObject({ kind: 'timeout', status: 0 });
  });

  it('aborted: before the request, nothing is sent', async () => {
    const { things, seen } = await clientOf(never);
    const error = await failureOf(things.list({ signal: AbortSignal.abort(new Error('changed my mind')) }));
    expect(error).toMatchObject({ kind: 'aborted', status: 0, cause: new Error('changed my mind') });
    expect(error).toBeInstanceOf(CorralClientError);
    expect(seen).toEqual([]);
  });

  it('aborted: during the request (once the server has it), and by AbortSignal.timeout', async () => {
    const controller = new AbortController();
    const { things, seen } = await clientOf(() => controller.abort()); // aborts while the server holds it
    expect(await failureOf(things.get('1', controller.signal))).toMatchObject({ kind: 'aborted', status: 0 });
    expect(seen).toEqual(['GET /v1', 'GET /v1/things/1']);
    const timedOut = await failureOf(things.list({ signal: AbortSignal.timeout(50) }));
    expect(timedOut).toMatchObject({ kind: 'aborted', cause: expect.objectContaining({ name: 'TimeoutError' }) });
    expect(timedOut).toBeInstanceOf(CorralClientError);
  });

  it('aborted: while waiting for a token (the token source never answers), before anything is sent', async () => {
    const server = await serve(never);
    const stuck = { token: () => new Promise<string>(() => {}), refused: () => {} };
    const client = createClient({ baseUrl: server.baseUrl, auth: stuck });
    closers.push(() => client.close(), server.close);
    expect(await failureOf(client.read('things', AbortSignal.timeout(50)))).toMatchObject({ kind: 'aborted' });
    expect(server.seen).toEqual([]);
  });

  it('aborted: while waiting to retry a 503, and while waiting between polls of a job', async () => {
    // Each answer asks the client to wait 5 s (longer than the test may take); the abort comes 100 ms after it.
    let controller = new AbortController();
    const waitAndAbort = (res: ServerResponse, status: number, body: unknown) => {
      json(res, status, body, { 'retry-after': '5' });
      setTimeout(() => controller.abort(), 100);
    };
    const { things, seen } = await clientOf(
      (req, res) => {
        if (req.method === 'DELETE') return json(res, 202, { id: 'j1', status: 'queued' }, { location: '/v1/jobs/j1' });
        if (req.url === '/v1/jobs/j1') return waitAndAbort(res, 200, { id: 'j1', status: 'running' });
        waitAndAbort(res, 503, { error: 'busy' });
      },
      { retries: 3 },
    );
    const retrying = await failureOf(things.list({ signal: controller.signal }));
    expect(retrying).toMatchObject({ kind: 'aborted', request: expect.stringMatching(/^GET .*\/v1\/things$/) });
    expect(retrying).toBeInstanceOf(CorralClientError);
    controller = new AbortController();
    const job = await things.deleteAll({ async: true });
    const polling = await failureOf(job.result(controller.signal));
    expect(polling).toMatchObject({ kind: 'aborted', request: expect.stringMatching(/\/v1\/jobs\/j1$/) });
    expect(seen).toEqual(['GET /v1', 'GET /v1/things', 'DELETE /v1/things', 'GET /v1/jobs/j1']);
  });
});
