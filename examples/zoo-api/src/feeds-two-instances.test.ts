import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { openFeed, type WireEvent } from './testing/feed-reader.js';
import { demoToken, startProcesses, type StartedProcesses } from './testing/start-main.js';

// Two zoo processes on one PostgreSQL schema, as behind a load balancer: a change made through
// either, or by SQL from another program, reaches the feeds of both; killing one loses nothing a
// subscriber resuming on the other needs.

const available = await serverAvailable();
const schema = freshSchemaName('feeds2');
let started: StartedProcesses;
let origins: readonly string[];
let token: string;

beforeAll(async () => {
  if (!available) return;
  started = await startProcesses({
    DATABASE_URL: testDatabaseUrl,
    DATABASE_SCHEMA: schema,
    PUBLIC_URL: 'http://zoo.test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: '0',
  });
  origins = started.origins;
  token = await demoToken(origins[0]!, 'zoo-admin');
}, 60_000);
afterAll(async () => {
  await started?.stop();
  if (available) await dropSchema(schema);
});

async function send(origin: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as any) : undefined };
}

describe.runIf(available)('feeds across two zoo processes on one PostgreSQL schema', () => {
  it('deliver a write made through the other instance', async () => {
    const feed = await openFeed(`${origins[0]}/v1/zoos`, token);
    const started = performance.now();
    const created = await send(origins[1]!, 'POST', '/v1/zoos', { name: 'Across' });
    const [event] = await feed.waitFor(1, 3_000);
    console.info(`delivered across instances in ${Math.round(performance.now() - started)} ms`);
    feed.close();
    expect(event!.data).toMatchObject({ type: 'created', id: created.json.id, record: created.json });
  });

  it('deliver an UPDATE made by another program with SQL on a table the store made', async () => {
    const feed = await openFeed(`${origins[1]}/v1/zoos/1`, token);
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    try {
      await client.query(`UPDATE "${schema}".zoos SET city = 'Set by psql' WHERE id = 1`);
    } finally {
      await client.end();
    }
    const [event] = await feed.waitFor(1, 3_000);
    feed.close();
    expect(event!.event).toBe('updated');
    expect(event!.data.record.city).toBe('Set by psql');
  });

  it('lose nothing a resuming subscriber needs when one instance is killed mid-write', async () => {
    const [survivor, victim] = [origins[0]!, origins[1]!];
    const seen: WireEvent[] = [];
    const first = await openFeed(`${victim}/v1/zoos`, token);
    const acknowledged = new Set<string>();
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let n = 0; writing; n++) {
        const origin = n % 2 ? victim : survivor;
        try {
          const created = await send(origin, 'POST', '/v1/zoos', { name: `Kill ${w}-${n}` });
          if (created.status === 201) acknowledged.add(String(created.json.id));
        } catch {
          // the killed instance's writes fail; their outcome is unknown to the writer
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    started.processes[1]!.child.kill('SIGKILL');
    await first.ended;
    seen.push(...first.events);
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    await Promise.all(writers);
    const last = seen.at(-1)?.id;
    const resumed = await openFeed(`${survivor}/v1/zoos`, token, last ? { 'last-event-id': last } : {});
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    resumed.close();
    const ids = new Set([...seen, ...resumed.events].map((event) => String(event.data.id)));
    const lost = [...acknowledged].filter((id) => !ids.has(id));
    console.info(
      `${acknowledged.size} acknowledged creates, ${seen.length} seen before the kill, ${resumed.events.length} after`,
    );
    expect(acknowledged.size).toBeGreaterThan(10);
    expect(lost).toEqual([]);
    const positions = resumed.events.map((event) => event.id);
    expect(new Set(positions).size).toBe(positions.length);
  }, 30_000);
});
