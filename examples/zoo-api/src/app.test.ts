import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZooApi } from './app.js';
import { configFromEnv } from './config.js';

const quiet = { info() {}, error() {} };

describe('zoo-api over a real socket', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createZooApi({ publicUrl: 'http://zoo.test', basePath: '/api' }, quiet).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('serves the demo employees, paged, with salary links', async () => {
    const res = await fetch(`${origin}/api/v1/employees?state=internal&sortby=name&limit=5`);
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page).toMatchObject({ offset: 0, limit: 5, total: 20 });
    expect(page.employees).toHaveLength(5);
    expect(page.employees[0].links).toContainEqual({ rel: 'salary', href: `/api/v1/employees/${page.employees[0].id}/salaryStatements` });
    expect(page.links).toEqual([{ rel: 'nextPage', href: '/api/v1/employees?state=internal&sortby=name&offset=5&limit=5' }]);
  });

  it('answers the detailed 400 for a bad state, pointing at its own error page', async () => {
    const res = await fetch(`${origin}/api/v1/employees?state=retired`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toContain('internal, external');
    expect(body.additionalInformation).toBe(`http://zoo.test/api/v1/errors/${body.errorCode}`);
    const page = await fetch(`${origin}/api/v1/errors/${body.errorCode}`);
    expect(page.status).toBe(200);
  });

  it('starts with the same demo data every time', async () => {
    const again = createZooApi({ publicUrl: 'http://zoo.test', basePath: '' }, quiet);
    const a = await (await again.fetch(new Request('http://x/v1/employees?limit=30'))).json();
    const b = await (await fetch(`${origin}/api/v1/employees?limit=30`)).json();
    expect(a.employees.map((e: { name: string }) => e.name)).toEqual(b.employees.map((e: { name: string }) => e.name));
  });
});

describe('configFromEnv', () => {
  it('has defaults for everything', () => {
    expect(configFromEnv({})).toEqual({ port: 3000, host: '127.0.0.1', publicUrl: 'http://localhost:3000', basePath: '' });
  });

  it('reads PORT, HOST, PUBLIC_URL and BASE_PATH', () => {
    expect(configFromEnv({ PORT: '8080', HOST: '0.0.0.0', PUBLIC_URL: 'https://zoo.example/', BASE_PATH: '/api' })).toEqual({
      port: 8080, host: '0.0.0.0', publicUrl: 'https://zoo.example', basePath: '/api',
    });
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
