import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Authenticator, createApi, defineCollection, silentLogger } from '@corral/core';
import { sqliteDatabase } from '@corral/sqlite';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import { receiver, until } from './hooks-api.case.test.js';
import { webhooks } from './webhooks-plugin.js';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

const auth: Authenticator = {
  authenticate: async () => ({ subject: 'ann', scopes: new Set(['notes:rw']), claims: {} }),
  challenge: () => ({}),
};

it('keeps the changes a failing subscription still needs from being pruned (SQLite)', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'hooks-api-hold-'));
  folders.push(folder);
  const database = sqliteDatabase({ path: join(folder, 'notes.sqlite'), changeRetention: 1000 });
  const notes = defineCollection({ name: 'notes', schema: z.object({ n: z.number() }), store: database.store() });
  const hook = await receiver();
  hook.script('/in', 500, 500, 500, 500, 500);
  const store = database.webhooks();
  const api = createApi({
    collections: [notes],
    auth,
    logger: silentLogger,
    plugins: [webhooks({ store, allow: '127.0.0.1', pollMs: 20 })],
  });
  await api.ready();
  const call = (path: string, body: unknown) =>
    api.fetch(
      new Request(`http://127.0.0.1${path}`, {
        method: 'POST',
        headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const made = await (await call('/v1/webhooks', { url: hook.url('/in'), events: ['notes.created'] })).json();
  for (const n of [1, 2, 3]) expect((await call('/v1/notes', { n })).status).toBe(201);
  await until(() => hook.on('/in').length === 1, 5000, 'the first attempt');
  const log = database.changes!;
  await log.prune(Date.now() + 2 * 86_400_000);
  const { position } = (await store.get(made.id))!;
  const kept = await log.read(position, 10);
  expect('changes' in kept && kept.changes.map((change) => change.data?.n)).toEqual([1, 2, 3]);
  // Once no active subscription needs them, they go.
  await store.disable(made.id, 'test');
  await log.prune(Date.now() + 2 * 86_400_000);
  const pruned = await log.read(position, 10);
  expect('reset' in pruned || pruned.changes.length === 0).toBe(true);
  await api.close();
  await hook.close();
});
