import { describe, expect, it } from 'vitest';
import { maxFieldErrors } from '../schema/body-rules.js';
import { testApi } from '../testing/fixtures.js';

const send = async (api: ReturnType<typeof testApi>, method: string, path: string, body: unknown) => {
  const res = await api.fetch(
    new Request(`http://x${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) };
};

describe('a huge invalid body gets a short answer', () => {
  it('refuses a bulk PUT of more records than the bulk limit (413) before checking any', async () => {
    const res = await send(
      testApi({ bulkLimit: 10 }),
      'PUT',
      '/v1/employees',
      Array.from({ length: 11 }, () => ({ id: '1' })),
    );
    expect(res.status).toBe(413);
    expect(res.json.error).toMatch(/at most 10 records; this one has 11/);
    expect(() => testApi({ bulkLimit: 0 })).toThrow(/bulkLimit/);
  });

  it('lists at most the first 100 failures of a bulk PUT, says there are more, and stops checking there', async () => {
    const api = testApi({ bulkLimit: 50_000 });
    const items = Array.from({ length: 40_000 }, () => ({ id: '1', name: '' }));
    const res = await send(api, 'PUT', '/v1/employees', items);
    expect(res.status).toBe(422);
    expect(res.json.errors).toHaveLength(maxFieldErrors);
    expect(res.json.message).toMatch(/and \d+ more at least; checking stopped there/);
    expect(res.text.length).toBeLessThan(30_000);
    expect((await (await api.fetch(new Request('http://x/v1/employees/1'))).json()).name).toBe('Ada');
  });

  it('lists at most 100 of 60,000 unknown properties and names only a few in the message', async () => {
    const api = testApi();
    const body: Record<string, unknown> = { name: 'Zed', yearOfBirth: 1990, state: 'internal', maturity: 'junior' };
    for (let i = 0; i < 60_000; i++) body[`x${i}`] = 0;
    const res = await send(api, 'POST', '/v1/employees', body);
    expect(res.status).toBe(422);
    expect(res.json.errors).toHaveLength(maxFieldErrors);
    expect(res.json.message).toMatch(/and 59995 more; the errors array lists the first 100\)$/);
    expect(res.text.length).toBeLessThan(30_000);
  });

  it('still lists every failure of a small body', async () => {
    const res = await send(testApi(), 'POST', '/v1/employees', {
      name: '',
      yearOfBirth: 1,
      state: 'gone',
      maturity: 'x',
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toHaveLength(4);
    expect(res.json.message).not.toContain('more');
  });
});
