// zoo-api.md, "Root document": GET /v1 answers link, links and one <name>_url per collection and operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, type RunningZoo, startZoo } from './helpers.js';

const collections: Record<string, string> = {
  zoos: 'Zoos',
  animals: 'Animals',
  employees: 'Employees',
  customers: 'Customers',
  suppliers: 'Suppliers',
};
const operations = ['search', 'translate', 'calculate'];
/** A valid call of each operation, so that following its URL proves it leads somewhere useful. */
const operationQuery: Record<string, string> = {
  search: '?query=zoo',
  translate: '?from=en_US&to=de_DE&text=lion',
  calculate: '?para2=3&para2=4',
};

describe('Root document', () => {
  let zoo: RunningZoo;
  let admin: string;
  let root: Record<string, any>;
  beforeAll(async () => {
    zoo = await startZoo();
    admin = await zoo.token('zoo-admin');
    const reply = await get(zoo, '/v1');
    expect(reply.status).toBe(200);
    root = reply.body;
  });
  afterAll(() => zoo.close());

  it('answers 200 with JSON, without a token', async () => {
    const reply = await get(zoo, '/v1');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('has a link object {rel, href, title, type} for the API root itself, rel self', () => {
    expect(root.link).toEqual({ rel: 'self', href: '/v1', title: expect.any(String), type: 'application/json' });
    expect(root.link.title.length).toBeGreaterThan(0);
  });

  it('has one link per collection, e.g. {"rel":"collection /v1/zoos","href":"/v1/zoos","title":"Zoos","type":"application/json"}', () => {
    for (const [name, title] of Object.entries(collections)) {
      expect(root.links).toContainEqual({
        rel: `collection /v1/${name}`,
        href: `/v1/${name}`,
        title,
        type: 'application/json',
      });
    }
  });

  it('has one link per operation, and no others', () => {
    for (const name of operations) {
      const link = (root.links as { href: string }[]).find((l) => l.href === `/v1/${name}`);
      expect(link, name).toEqual({
        rel: expect.any(String),
        href: `/v1/${name}`,
        title: expect.any(String),
        type: 'application/json',
      });
    }
    const hrefs = (root.links as { href: string }[]).map((l) => l.href).sort();
    expect(hrefs).toEqual([...Object.keys(collections), ...operations].map((n) => `/v1/${n}`).sort());
  });

  it('has one <name>_url property per collection and operation', () => {
    const names = [...Object.keys(collections), ...operations];
    for (const name of names) {
      expect(root[`${name}_url`], `${name}_url`).toEqual(expect.any(String));
      expect(new URL(root[`${name}_url`], zoo.origin).pathname).toBe(`/v1/${name}`);
    }
    const urlProperties = Object.keys(root)
      .filter((k) => k.endsWith('_url'))
      .sort();
    expect(urlProperties).toEqual(names.map((n) => `${n}_url`).sort());
  });

  it('leads to working collections: every collection link and _url answers its paged list', async () => {
    for (const name of Object.keys(collections)) {
      const viaLink = await get(zoo, `/v1/${name}`, admin);
      expect(viaLink.status).toBe(200);
      expect(Array.isArray(viaLink.body[name])).toBe(true);
      const viaUrl = await get(zoo, new URL(root[`${name}_url`], zoo.origin).href, admin);
      expect(viaUrl.status).toBe(200);
      expect(viaUrl.body).toEqual(viaLink.body);
    }
  });

  it('leads to working operations: every operation _url answers a valid call', async () => {
    for (const name of operations) {
      const reply = await get(zoo, `${new URL(root[`${name}_url`], zoo.origin).href}${operationQuery[name]}`, admin);
      expect(reply.status, name).toBe(200);
    }
  });
});
