import { DatabaseSync } from 'node:sqlite';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFeed } from './testing/feed-reader.js';
import { demoToken, startMain, type MainProcess } from './testing/start-main.js';

// The zoo as `npm start` runs it (its own process, the default SQLite file): every list and record
// URL is a feed, read over a real socket as a client would.

let dataDir: string;
let main: MainProcess;
let origin: string;
let admin: string;
let reader: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'corral-zoo-feeds-'));
  main = startMain({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  origin = await main.origin;
  admin = await demoToken(origin, 'zoo-admin');
  reader = await demoToken(origin, 'zoo-reader');
}, 60_000);
afterAll(async () => {
  main?.child.kill('SIGTERM');
  await main?.exited;
  await rm(dataDir, { recursive: true, force: true });
});

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${admin}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? (JSON.parse(text) as any) : undefined };
}

describe('feeds of the zoo service (SQLite, its own process)', () => {
  it('sends created, updated and deleted on a list feed, with the record as GET gives it', async () => {
    const feed = await openFeed(`${origin}/v1/zoos`, admin);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/event-stream/);
    const created = await send('POST', '/v1/zoos', { name: 'Feed Zoo', city: 'Basel' });
    const patched = await send('PATCH', `/v1/zoos/${created.json.id}`, { city: 'Bern' });
    await send('DELETE', `/v1/zoos/${created.json.id}`);
    const [a, b, c] = await feed.waitFor(3);
    feed.close();
    expect([a!.event, b!.event, c!.event]).toEqual(['created', 'updated', 'deleted']);
    expect(a!.data).toMatchObject({ type: 'created', collection: 'zoos', id: created.json.id, matches: true });
    expect(b!.data.record).toEqual(patched.json);
    expect(b!.data.etag).toBe(patched.headers.get('etag'));
    expect(c!.data.record).toBeUndefined();
    expect(new Set([a!.id, b!.id, c!.id]).size).toBe(3);
  });

  it('tells a filtered list feed when a record leaves the filter, and sends nothing for records outside it', async () => {
    const feed = await openFeed(`${origin}/v1/zoos/1/animals?animal_type_id=bird`, admin);
    const bird = await send('POST', '/v1/zoos/1/animals', { name: 'Pip', species: 'Robin', animalTypeId: 'bird' });
    await send('POST', '/v1/zoos/1/animals', { name: 'Rex', species: 'Dog', animalTypeId: 'mammal' });
    await send('POST', '/v1/zoos/2/animals', { name: 'Kiwi', species: 'Kiwi', animalTypeId: 'bird' });
    await send('PATCH', `/v1/animals/${bird.json.id}`, { animalTypeId: 'reptile' });
    const events = await feed.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    feed.close();
    expect(feed.events).toHaveLength(2);
    expect(events.map((e) => [e.event, e.data.id, e.data.matches])).toEqual([
      ['created', bird.json.id, true],
      ['updated', bird.json.id, false],
    ]);
  });

  it('ends a record feed after its deleted event', async () => {
    const zoo = await send('POST', '/v1/zoos', { name: 'Short-lived' });
    const feed = await openFeed(`${origin}/v1/zoos/${zoo.json.id}`, admin);
    await send('PATCH', `/v1/zoos/${zoo.json.id}`, { city: 'Nowhere' });
    await send('DELETE', `/v1/zoos/${zoo.json.id}`);
    await feed.ended;
    expect(feed.events.map((e) => e.event)).toEqual(['updated', 'deleted']);
  });

  it('resumes from Last-Event-ID with exactly the missed events, in order, and from the position of a page', async () => {
    const page = await send('GET', '/v1/zoos?limit=1');
    const position = page.headers.get('last-event-id');
    expect(position).toBeTruthy();
    const made: string[] = [];
    for (const name of ['R1', 'R2', 'R3']) made.push((await send('POST', '/v1/zoos', { name })).json.id);
    const first = await openFeed(`${origin}/v1/zoos`, admin, { 'last-event-id': position! });
    // Changes the page may already have shown can come first; the three made after it come in order.
    const replayed = await first.waitUntil((e) => e.data.id === made[2]);
    first.close();
    expect(replayed.slice(-3).map((e) => e.data.id)).toEqual(made);
    expect(replayed.slice(0, -3).filter((e) => made.includes(e.data.id))).toEqual([]);
    // Missed while away: two more, then resume after the last one seen.
    for (const name of ['R4', 'R5']) made.push((await send('POST', '/v1/zoos', { name })).json.id);
    const again = await openFeed(`${origin}/v1/zoos`, admin, { 'last-event-id': replayed.at(-1)!.id! });
    const missed = await again.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    again.close();
    expect(again.events.map((e) => e.data.id)).toEqual(made.slice(3));
    expect(missed).toHaveLength(2);
  });

  it('answers a position that is not one with a reset carrying the current position', async () => {
    const feed = await openFeed(`${origin}/v1/zoos`, admin, { 'last-event-id': 'not-a-position' });
    const [reset] = await feed.waitFor(1);
    feed.close();
    expect(reset!.event).toBe('reset');
    expect(reset!.data.type).toBe('reset');
    expect(reset!.id).toBeTruthy();
  });

  it('refuses a token without the read scope (403) and bad parameters (400) before streaming', async () => {
    const forbidden = await openFeed(`${origin}/v1/employees/1/salaryStatements`, reader);
    expect(forbidden.status).toBe(403);
    const bad = await openFeed(`${origin}/v1/animals?animal_type_id=dragon`, admin);
    expect(bad.status).toBe(400);
  });

  it('sends a change another program made in the file with SQL', async () => {
    const feed = await openFeed(`${origin}/v1/zoos/1`, admin);
    const db = new DatabaseSync(join(dataDir, 'zoo.sqlite'));
    try {
      // As any program sharing the file should: wait for the service's write lock rather than fail.
      db.exec('PRAGMA busy_timeout = 5000');
      db.exec(`UPDATE zoos SET city = 'Changed by SQL' WHERE id = 1`);
    } finally {
      db.close();
    }
    const [event] = await feed.waitFor(1);
    feed.close();
    expect(event!.event).toBe('updated');
    expect(event!.data.record.city).toBe('Changed by SQL');
  });
});
