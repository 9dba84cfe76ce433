import { describe, it } from 'vitest';
import { z } from 'zod';
import { createApi } from './api/create-api.js';
import { defineCollection } from './collection/define-collection.js';
import { memoryStore } from './store/memory-store.js';
import { silentLogger } from './http/logger.js';
import { testApi } from './testing/fixtures.js';
import { fetchTransport, socketTransport } from './testing/transport.js';
import type { Authenticator } from './auth/principal.js';

const fakeAuth: Authenticator = {
  async authenticate(req) {
    const h = req.header('authorization');
    if (!h) return undefined;
    const [, sub, scopes] = h.split(' ');
    return { subject: sub!, scopes: new Set((scopes ?? '').split(',')), claims: {} };
  },
  challenge: () => ({ 'www-authenticate': 'Bearer realm="api"' }),
};

function notesApi() {
  const notes = defineCollection({
    name: 'notes',
    schema: z.object({ text: z.string(), owner: z.string() }),
    scopes: { read: 'notes:read', write: 'notes:write' },
    filters: { owner: 'owner' },
    authorize: ({ principal, record, action }) => action === 'read' || record.owner === principal?.subject,
    listFilter: (principal) => ({ owner: principal?.subject }),
    store: memoryStore({ initial: [{ text: 'alice 1', owner: 'alice' }, { text: 'bob 1', owner: 'bob' }] }),
  });
  return createApi({ collections: [notes], auth: fakeAuth, logger: silentLogger });
}

const show = (label: string, r: { status: number; headers: Record<string, string>; text: string }) =>
  console.log(`### ${label}: ${r.status} ${JSON.stringify(r.headers)} ${r.text.slice(0, 400)}`);

describe('review probes', () => {
  it('core probes', async () => {
    const t = fetchTransport(testApi());
    show('GET /v1/', await t.send('GET', '/v1/'));
    show('Accept json;q=0, */*', await t.send('GET', '/v1/employees?limit=1', { headers: { accept: 'application/json;q=0, */*' } }));
    show('member unknown param', await t.send('GET', '/v1/employees/1?foo=bar'));
    show('root unknown param', await t.send('GET', '/v1?foo=bar'));
    show('OPTIONS missing member', await t.send('OPTIONS', '/v1/employees/999'));
    show('OPTIONS nested missing parent', await t.send('OPTIONS', '/v1/zoos/999/animals'));
    const deep = '['.repeat(500_000) + ']'.repeat(500_000);
    show('deep json', await t.send('POST', '/v1/employees', { body: deep, headers: { 'content-type': 'application/json' } }));
    const g = await t.send('GET', '/v1/employees/1');
    show('PUT echo', await t.send('PUT', '/v1/employees/1', { body: g.json }));
    const s = await t.send('POST', '/v1/employees/1/salaryStatements', { body: { period: '2024-01', grossAmount: 10 } });
    show('POST salary', s);
    const sg = await t.send('GET', s.headers.location!);
    show('PUT salary echo', await t.send('PUT', s.headers.location!, { body: sg.json }));
    show('PATCH salary employeeId other', await t.send('PATCH', s.headers.location!, { body: { employeeId: '2' } }));
    show('salary via other employee', await t.send('GET', s.headers.location!.replace('/employees/1/', '/employees/2/')));
    show('async delete', await t.send('DELETE', '/v1/zoos', { headers: { prefer: 'respond-async' } }));
  });

  it('paging misconfig', async () => {
    const t = fetchTransport(testApi({ paging: { defaultLimit: 0 } }));
    show('misconfigured paging', await t.send('GET', '/v1/employees'));
  });

  it('auth probes', async () => {
    const t = fetchTransport(notesApi());
    const alice = { authorization: 'Bearer alice notes:read,notes:write' };
    show('alice list', await t.send('GET', '/v1/notes', { headers: alice }));
    show('alice DELETE bob note', await t.send('DELETE', '/v1/notes/2', { headers: alice }));
    show('alice PUT bulk bob', await t.send('PUT', '/v1/notes', { headers: alice, body: [{ id: '2', text: 'x', owner: 'bob' }] }));
    show('alice create as bob', await t.send('POST', '/v1/notes', { headers: alice, body: { text: 'planted', owner: 'bob' } }));
    show('alice DELETE all', await t.send('DELETE', '/v1/notes', { headers: alice }));
    const bob = { authorization: 'Bearer bob notes:read' };
    show('bob GET own note after', await t.send('GET', '/v1/notes/2', { headers: bob }));
  });

  it('socket probes', async () => {
    const t = await socketTransport(testApi());
    show('socket GET /v1/', await t.send('GET', '/v1/'));
    show('socket HEAD list', await t.send('HEAD', '/v1/employees'));
    await t.close();
  });
});
