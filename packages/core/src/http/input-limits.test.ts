import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createApi } from '../index.js';
import { defineCollection } from '../collection/define-collection.js';
import { memoryStore } from '../store/memory-store.js';
import { testApi } from '../testing/fixtures.js';
import { silentLogger } from './logger.js';
import { inputLimits } from './input-limits.js';

const call = async (api: { fetch(request: Request): Promise<Response> }, path: string, init: RequestInit = {}) => {
  const res = await api.fetch(new Request(`http://x${path}`, init));
  const text = await res.text();
  return { status: res.status, json: text === '' ? undefined : JSON.parse(text) };
};

describe('inputs no schema bounds are bounded too', () => {
  it('answers 404 for a path parameter longer than any id, on records, nested records and jobs alike', async () => {
    const api = testApi();
    const long = 'x'.repeat(inputLimits.pathParameterLength + 1);
    for (const path of [
      `/v1/employees/${long}`,
      `/v1/zoos/${long}/animals`,
      `/v1/zoos/1/animals/${long}`,
      `/v1/jobs/${long}`,
    ]) {
      const res = await call(api, path);
      expect(res.status, path).toBe(404);
      expect(res.json.error, path).toMatch(/longer than 255 characters/);
    }
    // One character less is an ordinary lookup of an id that does not exist.
    expect((await call(api, `/v1/employees/${'x'.repeat(inputLimits.pathParameterLength)}`)).json.error).toMatch(
      /There is no record/,
    );
    const put = await call(api, `/v1/employees/${long}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(put.status).toBe(404);
  });

  it('refuses a list search text longer than the limit (400) and takes one at the limit', async () => {
    const api = testApi();
    const atLimit = await call(api, `/v1/employees?query=${'a'.repeat(inputLimits.searchTextLength)}`);
    expect(atLimit.status).toBe(200);
    const over = await call(api, `/v1/employees?query=${'a'.repeat(inputLimits.searchTextLength + 1)}`);
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.json)).toMatch(/query must be at most 256 characters; got 257/);
  });

  it('answers 431 for an If-Match or If-None-Match header longer than the limit, and changes nothing', async () => {
    const api = testApi();
    const long = `"${'e'.repeat(inputLimits.conditionHeaderLength)}"`;
    const read = await call(api, '/v1/employees/1', { headers: { 'if-none-match': long } });
    expect(read.status).toBe(431);
    expect(read.json.error).toMatch(/if-none-match header is longer than 8192/);
    expect((await call(api, '/v1/employees', { headers: { 'if-none-match': long } })).status).toBe(431);
    const write = await call(api, '/v1/employees/1', {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': long },
      body: '{"name":"Changed"}',
    });
    expect(write.status).toBe(431);
    expect((await call(api, '/v1/employees/1')).json.name).toBe('Ada');
  });

  it('refuses to represent a record whose declared links exceed the bound a client may echo back', async () => {
    const many = defineCollection({
      name: 'hubs',
      schema: z.object({ name: z.string().max(20) }),
      links: () => Array.from({ length: inputLimits.linksPerRecord }, (_, i) => ({ rel: `r${i}`, href: `hubs/${i}` })),
      store: memoryStore({ initial: [{ name: 'one' }] }),
    });
    const api = createApi({ versions: [{ version: 1, collections: [many] }], logger: silentLogger });
    const res = await call(api, '/v1/hubs/1');
    expect(res.status).toBe(500);
  });
});
