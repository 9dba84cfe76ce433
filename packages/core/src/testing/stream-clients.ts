import { once } from 'node:events';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { Api } from '../index.js';
import type { ServerSettings } from '../http/server-settings.js';
import { testCertificate } from './tls.js';

/** How a streamed answer is reached: node:http, HTTP/2 over TLS, or `api.fetch` behind a socket. */
export type StreamTransport = 'http1' | 'h2' | 'fetch';

/** A streamed answer as its client sees it, read as it comes. */
export interface ClientStream {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** What arrived so far. */
  text(): string;
  /** Resolves once what arrived contains `part`. */
  received(part: string): Promise<void>;
  /** Resolves when the answer ended (its last byte came, or the server cut it). */
  readonly ended: Promise<void>;
  /** Stops reading, leaving what comes unread. */
  pause(): void;
  /** Goes away mid-answer. */
  leave(): void;
}

/** A server of the API on 127.0.0.1 and a way to open streams on it. */
export interface StreamServer {
  readonly server: Server | import('node:http2').Http2SecureServer;
  open(path: string, headers?: Record<string, string>, method?: string): Promise<ClientStream>;
  /** Every client goes away, answered or not. */
  leaveAll(): void;
  close(): Promise<void>;
}

/** Serves `api.fetch` on node:http the way a runtime does: the body is piped, and cancelled when the client leaves. */
function fetchBridge(api: Api): Server {
  return createServer(async (req, res) => {
    const headers = Object.entries(req.headers).flatMap(([k, v]) =>
      typeof v === 'string' ? [[k, v] as [string, string]] : [],
    );
    const response = await api.fetch(
      new Request(`http://127.0.0.1${req.url}`, { method: req.method ?? 'GET', headers }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.flushHeaders();
    if (!response.body) return void res.end();
    const reader = response.body.getReader();
    const gone = once(res, 'close').then(() => reader.cancel().catch(() => {}));
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!res.write(value)) await Promise.race([once(res, 'drain'), gone]);
      }
      res.end();
    } catch {
      res.destroy();
    }
  });
}

/** Starts `api` for `transport` with `settings`, on an ephemeral port. */
export async function streamServer(
  api: Api,
  transport: StreamTransport,
  settings: ServerSettings = {},
): Promise<StreamServer> {
  const tls = transport === 'h2' ? await testCertificate() : undefined;
  const server = tls
    ? api.listen(0, '127.0.0.1', { ...settings, tls })
    : transport === 'fetch'
      ? fetchBridge(api).listen(0, '127.0.0.1')
      : api.listen(0, '127.0.0.1', settings);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const sessions = new Set<import('node:http2').ClientHttp2Session>();
  const requests = new Set<import('node:http').ClientRequest>();
  const open = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<ClientStream>((resolve, reject) => {
      let text = '';
      const waiting = new Set<() => void>();
      const arrived = (chunk: string) => {
        text += chunk;
        for (const check of waiting) check();
      };
      const received = (part: string) =>
        new Promise<void>((done) => {
          const check = () => text.includes(part) && (waiting.delete(check), done());
          waiting.add(check);
          check();
        });
      if (tls) {
        const session = connect(`https://127.0.0.1:${port}`, { ca: tls.cert });
        sessions.add(session);
        session.on('error', () => {});
        // No request body: the request's side ends at once (Node 22 does so by itself for GET and HEAD only).
        const stream = session.request({ ':path': path, ':method': method, ...headers }, { endStream: true });
        stream.on('error', () => {});
        const ended = new Promise<void>((done) => stream.once('close', () => done()));
        stream.setEncoding('utf8').on('data', arrived);
        stream.once('response', (head) => {
          const flat = Object.fromEntries(Object.entries(head).map(([k, v]) => [k, String(v)]));
          resolve({
            status: Number(head[':status']),
            headers: flat,
            text: () => text,
            received,
            ended,
            pause: () => stream.pause(),
            leave: () => session.destroy(),
          });
        });
        return;
      }
      // A client that asks for keep-alive keeps its connection open after the answer, as a browser does.
      const agent = headers.connection === 'keep-alive' ? new Agent({ keepAlive: true }) : false;
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
        const ended = new Promise<void>((done) => res.socket.once('close', () => done()));
        res.setEncoding('utf8').on('data', arrived);
        res.on('error', () => {});
        const flat = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
        resolve({
          status: res.statusCode ?? 0,
          headers: flat,
          text: () => text,
          received,
          ended,
          pause: () => res.pause(),
          leave: () => req.destroy(),
        });
      });
      requests.add(req);
      req.on('error', reject);
      req.end();
    });
  const close = async () => {
    for (const session of sessions) session.destroy();
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  };
  const leaveAll = () => {
    for (const session of sessions) session.destroy();
    for (const req of requests) req.destroy();
  };
  return { server, open, leaveAll, close };
}
