import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Authenticator,
  createApi,
  defineCollection,
  memoryDatabase,
  memoryStore,
  memoryWebhooks,
  silentLogger,
  type WebhookStore,
} from '@corral/core';
import { z } from 'zod';
import { type WebhooksOptions, webhooks } from './webhooks-plugin.js';

/** A request the receiver got. */
export interface Received {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly json: { type: string; timestamp: string; data: Record<string, any> };
}

/** How the receiver answers one request: a status, or `hang` (never answers). */
export type Answer = number | 'hang';

/**
 * A webhook receiver on 127.0.0.1: records every request and answers from a script per path
 * (then 200 once the script is spent).
 */
export async function receiver() {
  const received: Received[] = [];
  const scripts = new Map<string, Answer[]>();
  const hanging: ServerResponse[] = [];
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString();
    const path = request.url ?? '';
    const answer = scripts.get(path)?.shift() ?? 200;
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    received.push({ path, headers, body, json: JSON.parse(body) });
    if (answer === 'hang') return void hanging.push(response);
    response.writeHead(answer).end(answer === 200 ? 'ok' : 'not now');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    script: (path: string, ...answers: Answer[]) => scripts.set(path, answers),
    on: (path: string) => received.filter((entry) => entry.path === path),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Tokens `Bearer <name>`: `admin` and `other` read and write zoos and subscribe; `noread` may
 * only subscribe; `tenant` sees zoo 1 only (a list restriction).
 */
const auth: Authenticator = {
  async authenticate(request) {
    const token = request.header('authorization')?.replace(/^Bearer /, '');
    if (!token) return undefined;
    const scopes = token === 'noread' ? ['webhooks:write'] : ['zoos:read', 'zoos:write', 'webhooks:write'];
    return { subject: token, scopes: new Set(scopes), claims: {} };
  },
  challenge: () => ({ 'www-authenticate': 'Bearer realm="test"' }),
};

/** A clock the test moves. */
export function testClock(start = Date.now()) {
  let at = start;
  return { now: () => at, advance: (ms: number) => void (at += ms) };
}

/** Zoos and animals in one memory database with the webhooks plugin; animals marked `secret` are hidden. */
export async function hooksApi(options: Partial<WebhooksOptions> & { store?: WebhookStore } = {}) {
  const db = memoryDatabase();
  const scopes = { read: 'zoos:read', write: 'zoos:write' };
  const zoos = defineCollection({
    name: 'zoos',
    schema: z.object({ name: z.string() }),
    scopes,
    store: memoryStore({ database: db, initial: [{ name: 'Berlin' }, { name: 'Zurich' }] }),
  });
  const animal = z.object({
    zoo_id: z.string(),
    name: z.string(),
    kind: z.enum(['bird', 'cat']),
    secret: z.boolean().optional(),
  });
  const animals = defineCollection({
    name: 'animals',
    schema: animal,
    parent: { collection: zoos, field: 'zoo_id', relation: 'zoo' },
    filters: { kind: 'kind' },
    scopes,
    authorize: ({ record }) => record?.secret !== true,
    listFilter: (principal) => (principal?.subject === 'tenant' ? { zoo_id: '1' } : undefined),
    store: memoryStore<z.infer<typeof animal>>({ database: db }),
  });
  const store = options.store ?? memoryWebhooks();
  const plugin = webhooks({
    allow: '127.0.0.1',
    scope: 'webhooks:write',
    pollMs: 20,
    timeoutMs: 500,
    ...options,
    store,
  });
  const api = createApi({ collections: [zoos, animals], auth, logger: silentLogger, plugins: [plugin] });
  await api.ready();
  const server = api.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: 'Bearer admin', 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    store,
    call,
    subscribe: (body: unknown, token = 'admin') =>
      call('POST', '/v1/webhooks', body, { authorization: `Bearer ${token}` }),
    create: async (data: Record<string, unknown>) => (await call('POST', '/v1/animals', data)).body as { id: string },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await api.close();
    },
  };
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function until(check: () => boolean, ms = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
