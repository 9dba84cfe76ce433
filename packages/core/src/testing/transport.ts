import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from '../index.js';

/** A response as tests read it; `json` is the parsed body when there is one. */
export interface TestResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  readonly json: any;
}

export interface SendOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /** A value is sent as JSON with its content type; a string or buffer is sent as it is. */
  readonly body?: unknown;
}

/** One way of reaching an API: through `api.fetch` or over a real socket. Both must behave the same. */
export interface Transport {
  readonly name: string;
  send(method: string, path: string, options?: SendOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

function encodeBody(options: SendOptions): { body: Buffer | undefined; headers: Record<string, string> } {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body === undefined) return { body: undefined, headers };
  if (typeof options.body === 'string' || Buffer.isBuffer(options.body))
    return { body: Buffer.from(options.body as string), headers };
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  return { body: Buffer.from(JSON.stringify(options.body)), headers };
}

function parse(status: number, headers: Record<string, string>, text: string): TestResponse {
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers, text, json };
}

export function fetchTransport(api: Api): Transport {
  return {
    name: 'api.fetch',
    async send(method, path, options = {}) {
      const { body, headers } = encodeBody(options);
      const response = await api.fetch(
        new Request(`http://127.0.0.1${path}`, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) }),
      );
      return parse(response.status, Object.fromEntries(response.headers), await response.text());
    },
    close: async () => {},
  };
}

/** Starts the API on an ephemeral port of 127.0.0.1 and talks to it with node:http. */
export async function socketTransport(api: Api): Promise<Transport> {
  const server: Server = api.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    name: 'socket',
    send(method, path, options = {}) {
      const { body, headers } = encodeBody(options);
      return new Promise((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const flat: Record<string, string> = {};
            for (const [key, value] of Object.entries(res.headers))
              if (value !== undefined) flat[key] = Array.isArray(value) ? value.join(', ') : value;
            resolve(parse(res.statusCode ?? 0, flat, Buffer.concat(chunks).toString('utf8')));
          });
        });
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
