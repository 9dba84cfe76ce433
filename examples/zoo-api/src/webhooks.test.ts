import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoToken, startMain, type MainProcess } from './testing/start-main.js';

// The zoo as `npm start` runs it (its own process, SQLite), with WEBHOOK_ALLOW naming a receiver
// on loopback: zoo-admin subscribes, and the receiver gets the signed events.

let dataDir: string;
let main: MainProcess;
let origin: string;
let admin: string;
let receiver: Server;
let receiverPort = 0;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk);
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
    response.end('ok');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
  dataDir = await mkdtemp(join(tmpdir(), 'corral-zoo-webhooks-'));
  main = startMain({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEBHOOK_ALLOW: `127.0.0.1:${receiverPort}` });
  origin = await main.origin;
  admin = await demoToken(origin, 'zoo-admin');
}, 60_000);
afterAll(async () => {
  main?.child.kill('SIGTERM');
  await main?.exited;
  receiver?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function send(method: string, path: string, body: unknown, token = admin) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('webhooks of the zoo service', () => {
  it('lets zoo-admin subscribe and delivers signed events to an allow-listed receiver', async () => {
    const url = `http://127.0.0.1:${receiverPort}/zoo-events`;
    const made = await send('POST', '/v1/webhooks', { url, events: ['animals.created'] });
    expect(made.status).toBe(201);
    await send('POST', '/v1/zoos/1/animals', { name: 'Pip', species: 'Robin', animalTypeId: 'bird' });
    for (let i = 0; i < 200 && received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const [got] = received;
    expect(new Webhook(made.body.secret).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({
      type: 'animals.created',
      data: { collection: 'animals', record: { name: 'Pip' } },
    });
  });

  it('refuses a subscription without the webhooks scope, and URLs outside the allow-list', async () => {
    const reader = await demoToken(origin, 'zoo-reader');
    const url = `http://127.0.0.1:${receiverPort}/zoo-events`;
    expect((await send('POST', '/v1/webhooks', { url, events: ['animals.*'] }, reader)).status).toBe(403);
    const inside = await send('POST', '/v1/webhooks', { url: 'http://127.0.0.1:1/x', events: ['animals.*'] });
    expect([inside.status, inside.body.errors[0].field]).toEqual([422, 'url']);
  });
});
