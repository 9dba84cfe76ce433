import { ApiError } from '@corral/core';
import { thingsInit, type Thing } from '@corral/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { mysqlDatabase } from './database.js';
import { type PrivateServer, privateServerPossible, startPrivateServer } from './testing/private-server.js';

const possible = privateServerPossible();
let server: PrivateServer | undefined;
afterAll(() => server?.destroy());

describe.runIf(possible)('a MariaDB server that stops and starts again', () => {
  it('answers 503 while it is away, never ends the process, and serves again once it is back', async () => {
    server = await startPrivateServer();
    const database = mysqlDatabase({ connectionString: server.url, poolSize: 4 });
    const things = database.store<Thing>();
    await things.init?.(thingsInit);
    const made = await things.create({ name: 'Kept', legs: 4, kind: 'cat' });
    // A feed watcher polls the log's counter all along: its failures must not end the process either.
    const unwatch = database.changes!.watch(() => undefined);
    await server.stop();
    const read = await things.get(made.id).catch((error: unknown) => error);
    expect(read).toBeInstanceOf(ApiError);
    expect((read as ApiError).status).toBe(503);
    const write = await things.create({ name: 'Away', legs: 1, kind: 'dog' }).catch((error: unknown) => error);
    expect((write as ApiError).status).toBe(503);
    await expect(database.ping()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.start();
    const again = await things.get(made.id);
    expect(again.status === 'found' && again.record.data.name).toBe('Kept');
    expect((await things.create({ name: 'Back', legs: 2, kind: 'dog' })).version).toBe(1);
    unwatch();
    await database.close();
  }, 60_000);
});
