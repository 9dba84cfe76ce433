import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fromNodeRequest } from './node-adapter.js';

/** What the server saw of one request: the body it read (or the status it refused it with), and whether the stream ended. */
interface Seen {
  readonly body: string;
  readonly ended: boolean;
}

let server: Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      server?.closeAllConnections();
      return server ? server.close(() => resolve()) : resolve();
    }),
);

/**
 * A server that reads each body through the node adapter with `limit`, answers it back (a `|`
 * marks its end), and notes what it saw.
 */
async function echoServer(limit: number, seen: Seen[]): Promise<number> {
  const ended = (req: IncomingMessage) =>
    req.readableEnded ? Promise.resolve(true) : once(req, 'end').then(() => true);
  server = createServer((req, res) => {
    void fromNodeRequest(req, res)
      .readBody(limit)
      .then(
        (bytes) => Buffer.from(bytes).toString(),
        (error: { status?: number }) => `refused ${error.status}`,
      )
      .then(async (body) => {
        seen.push({ body, ended: body.startsWith('refused') || (await ended(req)) });
        res.end(`${body}|`);
      });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends the pieces over one connection, `pauseMs` apart, and gives back everything the server wrote. */
async function exchange(port: number, pieces: readonly string[], answers: number, pauseMs = 30): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  for (const [i, piece] of pieces.entries()) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    socket.write(piece);
  }
  while ((received.match(/\|/g) ?? []).length < answers) await once(socket, 'data');
  socket.destroy();
  return received;
}

const post = (body: string, headers = `content-length: ${Buffer.byteLength(body)}\r\n`) =>
  `POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n${headers}\r\n`;

describe('a request body on node:http', () => {
  it('is read whole when it came with its headers, and the request stream still ends', async () => {
    const seen: Seen[] = [];
    const port = await echoServer(1024, seen);
    const body = '{"name":"Ada"}';
    expect(await exchange(port, [post(body) + body], 1)).toContain(body);
    expect(seen).toEqual([{ body, ended: true }]);
  });

  it('is read whole when its bytes come after the headers, in pieces', async () => {
    const seen: Seen[] = [];
    const port = await echoServer(1024, seen);
    const body = '{"name":"Bert","year":1990}';
    await exchange(port, [post(body), body.slice(0, 9), body.slice(9)], 1);
    expect(seen).toEqual([{ body, ended: true }]);
  });

  it('keeps the bodies of requests pipelined in one packet apart', async () => {
    const seen: Seen[] = [];
    const port = await echoServer(1024, seen);
    const [first, second] = ['{"n":1}', '{"n":22}'];
    await exchange(port, [post(first) + first + post(second) + second], 2);
    expect(seen).toEqual([
      { body: first, ended: true },
      { body: second, ended: true },
    ]);
  });

  it('reads a chunked body sent whole with its headers', async () => {
    const seen: Seen[] = [];
    const port = await echoServer(1024, seen);
    const chunked = `${post('', 'transfer-encoding: chunked\r\n')}5\r\n{"a":\r\n2\r\n1}\r\n0\r\n\r\n`;
    await exchange(port, [chunked], 1);
    expect(seen).toEqual([{ body: '{"a":1}', ended: true }]);
  });

  it('refuses a small body over the limit with 413, whether it came at once or later', async () => {
    const seen: Seen[] = [];
    const port = await echoServer(4, seen);
    const body = '{"a":12}';
    await exchange(port, [`${post(body, 'transfer-encoding: chunked\r\n')}8\r\n${body}\r\n0\r\n\r\n`], 1);
    await exchange(port, [post(body, 'transfer-encoding: chunked\r\n'), `8\r\n${body}\r\n0\r\n\r\n`], 1);
    expect(seen).toEqual([
      { body: 'refused 413', ended: true },
      { body: 'refused 413', ended: true },
    ]);
  });
});
