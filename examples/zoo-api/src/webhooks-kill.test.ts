import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { demoToken, type MainProcess, startMain } from './testing/start-main.js';

// Two zoo processes on one PostgreSQL schema: the one delivering webhooks is killed with SIGKILL
// in the middle; the other delivers everything after the claim's lease (30 s) runs out.

const available = await serverAvailable();
const schema = freshSchemaName('zoo_hooks_kill');
const started: MainProcess[] = [];
afterAll(async () => {
  for (const main of started) main.child.kill('SIGKILL');
  await Promise.all(started.map((main) => main.exited));
  await dropSchema(schema);
});

interface Got {
  readonly id: string;
  readonly body: string;
  readonly name: string;
}

describe.runIf(available)('webhooks of two zoo processes, one killed', () => {
  it('loses and invents nothing: every event arrives, duplicates only with the same webhook-id, in order', async () => {
    const got: Got[] = [];
    const receiver: Server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk);
      const body = Buffer.concat(chunks).toString();
      got.push({ id: String(request.headers['webhook-id']), body, name: JSON.parse(body).data.record.name });
      setTimeout(() => response.end('ok'), 15); // a receiver that takes its time
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    const env = {
      DATABASE_URL: testDatabaseUrl,
      DATABASE_SCHEMA: schema,
      PUBLIC_URL: 'http://zoo.test',
      LOG_LEVEL: 'silent',
      WEBHOOK_ALLOW: `127.0.0.1:${port}`,
    };
    const first = startMain(env);
    started.push(first);
    const origin = await first.origin;
    const admin = await demoToken(origin, 'zoo-admin');
    const post = async (at: string, path: string, body: unknown) => {
      const response = await fetch(`${at}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
    };
    await post(origin, '/v1/webhooks', { url: `http://127.0.0.1:${port}/in`, events: ['zoos.created'] });
    const total = 200;
    for (let n = 0; n < total / 2; n++) await post(origin, '/v1/zoos', { name: `Zoo ${n}`, city: 'Basel' });
    // Only the first process runs yet: it is the one delivering.
    while (got.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    const second = startMain(env);
    started.push(second);
    const other = await second.origin;
    first.child.kill('SIGKILL');
    await first.exited;
    for (let n = total / 2; n < total; n++) await post(other, '/v1/zoos', { name: `Zoo ${n}`, city: 'Basel' });
    const names = () => new Set(got.map((entry) => entry.name));
    const deadline = Date.now() + 80_000;
    while (names().size < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(names().size).toBe(total);
    const bodies = new Map<string, string>();
    for (const { id, body } of got) {
      expect(bodies.get(id) ?? body).toBe(body);
      bodies.set(id, body);
    }
    expect(bodies.size).toBe(total);
    const order: number[] = [];
    for (const { name } of got) {
      const n = Number(name.replace('Zoo ', ''));
      if (!order.includes(n)) order.push(n);
    }
    expect(order).toEqual([...order].sort((a, b) => a - b));
    receiver.closeAllConnections();
    receiver.close();
  }, 120_000);
});
