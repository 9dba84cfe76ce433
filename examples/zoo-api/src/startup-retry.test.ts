import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { silentLogger } from '@corral/core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { dropSchema, freshSchemaName, serverAvailable, testDatabaseUrl } from '@corral/postgres/testing';
import { serve } from './serve.js';

const postgres = await serverAvailable();
const schema = freshSchemaName('startup');
afterAll(async () => {
  if (postgres) await dropSchema(schema);
});

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Forwards a port to the test database, as a database that comes up late would answer there. */
function databaseAt(port: number): Server {
  const target = new URL(testDatabaseUrl);
  return createServer((socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  }).listen(port, '127.0.0.1');
}

describe.runIf(postgres)('start-up with the database away', () => {
  const urlAt = (port: number) => {
    const url = new URL(testDatabaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return url.href;
  };

  it('gives up at once by default, saying what could not be reached, where and why', async () => {
    const port = await freePort();
    const { pathname } = new URL(testDatabaseUrl);
    await expect(
      serve({ PORT: '0', DATABASE_URL: urlAt(port), DATABASE_SCHEMA: schema }, silentLogger),
    ).rejects.toThrow(
      `cannot reach the PostgreSQL server at 127.0.0.1:${port}${pathname}: nothing accepts connections there (connect ECONNREFUSED`,
    );
  });

  it('keeps trying for STARTUP_RETRY_SECONDS and starts once the database answers', async () => {
    // Each try is reported on stderr; kept here and checked, not left in the test output.
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const port = await freePort();
    const starting = serve(
      { PORT: '0', DATABASE_URL: urlAt(port), DATABASE_SCHEMA: schema, STARTUP_RETRY_SECONDS: '30' },
      silentLogger,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const proxy = databaseAt(port);
    try {
      const service = await starting;
      expect((await fetch(`${service.localOrigin}/ready`)).status).toBe(200);
      await service.stop();
      expect(said).toHaveBeenCalledWith(
        expect.stringMatching(/^Zoo API: the database does not answer yet \(.+\); trying again$/),
      );
    } finally {
      proxy.close();
      said.mockRestore();
    }
  }, 40_000);

  it('refuses a wrong setting at once', async () => {
    await expect(serve({ PORT: '0', STARTUP_RETRY_SECONDS: 'soon' }, silentLogger)).rejects.toThrow(
      'STARTUP_RETRY_SECONDS',
    );
  });
});
