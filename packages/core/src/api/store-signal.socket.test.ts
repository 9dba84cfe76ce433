import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Authenticator } from '../auth/principal.js';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import type { StoreCallOptions } from '../store/store.js';
import { createApi } from './create-api.js';

const auth: Authenticator = {
  authenticate: async (request) =>
    request.header('authorization') ? { subject: 'ann', scopes: new Set(['read']), claims: {} } : undefined,
  challenge: () => ({ 'www-authenticate': 'Bearer realm="test"' }),
};

describe('what a store learns of the request behind a list', () => {
  it('gets the caller and a signal that fires when the client hangs up mid-request', async () => {
    const inner = memoryStore({ initial: [{ name: 'slow' }] });
    let seen: StoreCallOptions | undefined;
    let aborted!: () => void;
    const abortSeen = new Promise<void>((resolve) => (aborted = resolve));
    let listed!: () => void;
    const listStarted = new Promise<void>((resolve) => (listed = resolve));
    const things = defineCollection({
      name: 'things',
      schema: z.object({ name: z.string().max(20) }),
      store: {
        ...inner,
        list: async (query, options) => {
          seen = options;
          listed();
          // A slow query that stops when the client is gone.
          await new Promise<void>((resolve) =>
            options?.signal?.addEventListener('abort', () => (aborted(), resolve())),
          );
          return inner.list(query, options);
        },
      },
    });
    const api = createApi({ collections: [things], auth, logger: silentLogger });
    const server = api.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      socket.write('GET /v1/things HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\n\r\n');
      await listStarted; // the store is working on the list: the request is in flight
      expect(seen?.principal?.subject).toBe('ann');
      expect(seen?.signal?.aborted).toBe(false);
      socket.destroy();
      await abortSeen;
      expect(seen?.signal?.aborted).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gets a signal through api.fetch too, from the Request', async () => {
    let seen: StoreCallOptions | undefined;
    const inner = memoryStore({ initial: [{ name: 'a' }] });
    const things = defineCollection({
      name: 'things',
      schema: z.object({ name: z.string().max(20) }),
      store: { ...inner, list: async (query, options) => ((seen = options), inner.list(query, options)) },
    });
    const api = createApi({ collections: [things], logger: silentLogger });
    const controller = new AbortController();
    await api.fetch(new Request('http://x/v1/things', { signal: controller.signal }));
    expect(seen?.signal).toBeDefined();
    expect(seen?.principal).toBeUndefined();
  });
});
