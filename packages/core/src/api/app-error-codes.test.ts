import { ApiError, defineErrorCodes, errorCodes, isCorralError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../collection/define-collection.js';
import { silentLogger } from '../http/logger.js';
import { memoryStore } from '../store/memory-store.js';
import { describeEachTransport } from '../testing/each-transport.js';
import { createApi, type ApiOptions } from './create-api.js';
import type { ApiPlugin } from '../vocabulary/plugin.js';

// A test application's own codes, registered with no change to Corral.
const tenantCodes = defineErrorCodes({
  tenantSuspended: {
    code: 10001,
    status: 403,
    title: 'Tenant suspended',
    description: 'The tenant of this account is suspended; ask its owner.',
  },
  tenantQuotaExceeded: {
    code: 10002,
    status: 429,
    title: 'Tenant quota exceeded',
    description: 'The tenant used up its requests for today.',
  },
});

function tenantApi(extra: Partial<ApiOptions> = {}) {
  const notes = defineCollection({ name: 'notes', schema: z.object({ text: z.string() }), store: memoryStore() });
  return createApi({
    collections: [notes],
    logger: silentLogger,
    errorCodes: tenantCodes,
    hooks: {
      onRequest(context) {
        const tenant = context.request.header('x-tenant');
        if (tenant === 'suspended') throw new ApiError(tenantCodes.tenantSuspended, `Tenant ${tenant} is suspended`);
        if (tenant === 'busy')
          throw new ApiError(tenantCodes.tenantQuotaExceeded, 'No requests left today', {
            headers: { 'retry-after': '3600' },
          });
      },
    },
    ...extra,
  });
}

describeEachTransport('application error codes', (open) => {
  it('answers a hook that throws an application code with its status and shape', async () => {
    const transport = await open(tenantApi());
    const refused = await transport.send('GET', '/v1/notes', { headers: { 'x-tenant': 'suspended' } });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: 'Tenant suspended is suspended', documentation_url: '/v1/errors/10001' });
    const busy = await transport.send('GET', '/v1/notes', { headers: { 'x-tenant': 'busy' } });
    expect(busy.status).toBe(429);
    expect(busy.headers['retry-after']).toBe('3600');
    expect(busy.json).toEqual({ error: 'No requests left today' });
    expect((await transport.send('GET', '/v1/notes')).status).toBe(200);
  });

  it('serves the application codes on the error pages beside the built-in ones', async () => {
    const transport = await open(tenantApi({ publicUrl: 'https://notes.example' }));
    const page = await transport.send('GET', '/v1/errors/10001');
    expect(page.status).toBe(200);
    expect(page.json).toEqual({
      errorCode: 10001,
      name: 'tenantSuspended',
      status: 403,
      title: 'Tenant suspended',
      description: 'The tenant of this account is suspended; ask its owner.',
    });
    const list = await transport.send('GET', '/v1/errors');
    const names = list.json.errorCodes.map((entry: { name: string }) => entry.name);
    expect(names).toEqual([...Object.keys(errorCodes), 'tenantSuspended', 'tenantQuotaExceeded']);
    expect((await transport.send('GET', '/v1/errors/10003')).status).toBe(404);
    const refused = await transport.send('GET', '/v1/notes', { headers: { 'x-tenant': 'suspended' } });
    expect(refused.json.documentation_url).toBe('https://notes.example/v1/errors/10001');
  });
});

describe('registering application codes', () => {
  it('refuses two catalogues that give one number two meanings, at startup', () => {
    const other = defineErrorCodes({
      planExpired: { code: 10001, status: 402, title: 'Plan expired', description: 'Renew the plan.' },
    });
    let thrown: unknown;
    try {
      tenantApi({ errorCodes: [tenantCodes, other] });
    } catch (error) {
      thrown = error;
    }
    expect(isCorralError(thrown) && thrown.code).toBe('CORRAL_DUPLICATE_ERROR_CODE');
  });

  it("registers the codes a plugin brings, after the application's, and answers them like built-in ones", async () => {
    const quotaCodes = defineErrorCodes({
      planLimitReached: {
        code: 20001,
        status: 403,
        title: 'Plan limit reached',
        description: 'The plan allows no more records; upgrade it.',
      },
    });
    const quota: ApiPlugin = {
      name: 'quota',
      errorCodes: quotaCodes,
      hooks: {
        preHandler: (context) => {
          if (context.request.method === 'POST')
            throw new ApiError(quotaCodes.planLimitReached, 'The free plan holds no more notes');
        },
      },
    };
    const api = tenantApi({ plugins: [quota] });
    const refused = await api.fetch(
      new Request('http://127.0.0.1/v1/notes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"text":"x"}',
      }),
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'The free plan holds no more notes',
      documentation_url: '/v1/errors/20001',
    });
    const page = await api.fetch(new Request('http://127.0.0.1/v1/errors/20001'));
    expect(await page.json()).toMatchObject({ errorCode: 20001, name: 'planLimitReached', status: 403 });
    const list = await (await api.fetch(new Request('http://127.0.0.1/v1/errors'))).json();
    expect(list.errorCodes.map((entry: { name: string }) => entry.name).slice(-3)).toEqual([
      'tenantSuspended',
      'tenantQuotaExceeded',
      'planLimitReached',
    ]);
  });

  it('refuses a plugin code whose number or name the application already uses, at startup', () => {
    const clashes = [
      defineErrorCodes({
        otherMeaning: { code: 10002, status: 402, title: 'Other', description: 'Another meaning of 10002.' },
      }),
      defineErrorCodes({
        tenantSuspended: { code: 20002, status: 403, title: 'Again', description: 'A second code with a taken name.' },
      }),
    ];
    const codes = clashes.map((errorCodes) => {
      try {
        tenantApi({ plugins: [{ name: 'clashing', errorCodes }] });
        return 'accepted';
      } catch (error) {
        return isCorralError(error) ? error.code : String(error);
      }
    });
    expect(codes).toEqual(['CORRAL_DUPLICATE_ERROR_CODE', 'CORRAL_ERROR_CODE_NAME_CLASH']);
  });

  it('serves only the built-in codes when the application registers none', async () => {
    const api = createApi({ logger: silentLogger });
    const list = await (await api.fetch(new Request('http://127.0.0.1/v1/errors'))).json();
    expect(list.errorCodes).toHaveLength(Object.keys(errorCodes).length);
  });
});
