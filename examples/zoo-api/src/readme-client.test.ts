// One host everywhere: the README's TypeScript client (baseUrl and issuer on 127.0.0.1) against
// the service as `npm start` runs it with its defaults (only the port is left to the system). The
// client refuses issuer metadata naming another host, so this fails if the default PUBLIC_URL
// and the README's host part ways again.
import { silentLogger } from '@corral/core';
import { createClient } from '@corral/client';
import { describe, expect, it } from 'vitest';
import { serve } from './serve.js';

describe("the README's client against the default settings", () => {
  it('gets a token from the issuer the README names and reads through the links the service gives', async () => {
    const service = await serve({ PORT: '0', STORE: 'memory' }, silentLogger);
    const { port } = new URL(service.localOrigin);
    const zoo = createClient({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      auth: { issuer: `http://127.0.0.1:${port}/oauth`, clientId: 'zoo-admin', clientSecret: 'zoo-admin-secret' },
    });
    try {
      expect(service.publicUrl).toBe(`http://127.0.0.1:${port}`);
      const page = await zoo.collection('employees').list({ filter: { state: 'internal' }, sort: 'name', limit: 5 });
      expect(page.items.length).toBeGreaterThan(0);
      const root = await zoo.root();
      expect(root.employees_url).toBe(`http://127.0.0.1:${port}/v1/employees`);
    } finally {
      await zoo.close();
      await service.stop();
    }
  });
});
