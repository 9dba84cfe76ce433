import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { hooksApi, receiver, until } from './hooks-api.case.test.js';

type Api = Awaited<ReturnType<typeof hooksApi>>;
type Receiver = Awaited<ReturnType<typeof receiver>>;
let api: Api | undefined;
let hook: Receiver | undefined;

/** Names resolve through this table only: `inside.example` to a private address. */
const resolve = async (host: string) =>
  ({ 'inside.example': ['10.0.0.5'], 'public.example': ['93.184.216.34'] })[host] ?? [];

async function start() {
  hook = await receiver();
  api = await hooksApi({ resolve, allow: `127.0.0.1:${hook.port}` });
  return { api, hook };
}

afterEach(async () => {
  await api?.close();
  await hook?.close();
  api = hook = undefined;
});

const fieldOf = (body: { errors?: { field: string }[] }) => body.errors?.map((error) => error.field);

describe('webhook subscriptions', () => {
  it('refuses URLs of the inside network at creation, naming the rule, unless allow-listed', async () => {
    const { api, hook } = await start();
    const refused = {
      'https://127.0.0.1/in': 'loopback',
      'https://[::1]/in': 'loopback',
      'https://[::ffff:127.0.0.1]/in': 'loopback',
      'https://0.0.0.0/in': 'unspecified',
      'https://10.1.2.3/in': 'private',
      'https://100.64.0.1/in': 'shared',
      'https://169.254.169.254/latest/meta-data': 'metadata',
      'https://localhost/in': 'localhost',
      'https://inside.example/in': 'private',
      [`http://127.0.0.1:${hook.port + 1}/in`]: 'loopback',
      'http://public.example/in': 'not-https',
      'ftp://public.example/in': 'scheme',
      'not a url': 'invalid-url',
    };
    for (const [url, reason] of Object.entries(refused)) {
      const answer = await api.subscribe({ url, events: ['animals.*'] });
      expect([url, answer.status, fieldOf(answer.body)]).toEqual([url, 422, ['url']]);
      expect(answer.body.errors[0].message).toContain(`; rule: ${reason}`);
    }
    // Public names, names that do not resolve yet, and the allow-listed receiver are accepted.
    for (const url of ['https://public.example/in', 'https://not-yet.example/in', hook.url('/in')])
      expect((await api.subscribe({ url, events: ['animals.*'] })).status).toBe(201);
  });

  it('refuses events it cannot serve, naming the field, and collections the token cannot read', async () => {
    const { api, hook } = await start();
    const url = hook.url('/in');
    const cases: [unknown, number, string[] | undefined][] = [
      [{ url, events: ['plants.created'] }, 422, ['events[0]']],
      [{ url, events: ['animals.eaten'] }, 422, ['events[0]']],
      [{ url, events: [] }, 422, ['events']],
      [{ url, events: ['animals.*', 'zoos.*'], filter: { kind: 'cat' } }, 422, ['filter']],
      [{ url, events: ['animals.*'], filter: { colour: 'red' } }, 422, ['filter.colour']],
      [{ url, events: ['animals.*'], filter: { kind: 'fish' } }, 422, ['filter']],
      [{ url, events: ['animals.*'], secret: 'mine' }, 422, ['secret']],
      [{ events: ['animals.*'] }, 422, ['url']],
    ];
    for (const [body, status, fields] of cases) {
      const answer = await api.subscribe(body);
      expect([body, answer.status, fieldOf(answer.body)]).toEqual([body, status, fields]);
    }
    const unreadable = await api.subscribe({ url, events: ['animals.created'] }, 'noread');
    expect(unreadable.status).toBe(403);
    expect(unreadable.body.message).toContain('animals');
    const unscoped = await api.call('GET', '/v1/webhooks', undefined, { authorization: 'Bearer noread' });
    expect(unscoped.status).toBe(200);
    const bad = await api.call('POST', '/v1/webhooks', undefined, { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
  });

  it('refuses bad requests as the API refuses them on its own routes, changing nothing', async () => {
    const { api, hook } = await start();
    const url = hook.url('/in');
    const made = (await api.subscribe({ url, events: ['animals.*'] })).body;
    const path = `/v1/webhooks/${made.id}`;
    // Bodies: another media type, a content coding, or JSON that is not an object.
    const plain = await api.call('POST', '/v1/webhooks', { url, events: ['zoos.*'] }, { 'content-type': 'text/plain' });
    expect([plain.status, plain.body.error]).toEqual([415, expect.stringMatching(/application\/json/)]);
    const zipped = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    expect((await api.call('PATCH', path, { status: 'disabled' }, zipped)).status).toBe(415);
    const latin = await api.call(
      'PATCH',
      path,
      { status: 'disabled' },
      { 'content-type': 'text/plain; charset=latin1' },
    );
    expect(latin.status).toBe(415);
    for (const body of [[], null, 'x', 3])
      expect([body, (await api.call('POST', '/v1/webhooks', body)).status]).toEqual([body, 400]);
    // A merge patch says what it is.
    const merged = await api.call(
      'PATCH',
      path,
      { events: ['zoos.*'] },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(merged.status).toBe(200);
    // URLs with spaces or control characters, on create and on change.
    for (const bad of [
      'https://a.example/\u0000',
      'https://a.example/x y',
      'https://a.example/\n',
      'https://a.example/\u0007',
    ]) {
      expect([bad, fieldOf((await api.subscribe({ url: bad, events: ['zoos.*'] })).body)]).toEqual([bad, ['url']]);
      expect((await api.call('PATCH', path, { url: bad })).status).toBe(422);
    }
    // Unknown query parameters on the lists.
    for (const list of ['/v1/webhooks', `${path}/deliveries`, `${path}/dead-letters`]) {
      const answer = await api.call('GET', `${list}?sortby=x`);
      expect([list, answer.status, answer.body.errorCode]).toEqual([list, 400, 1002]);
    }
    // Ids no store makes are not found, without asking the store; positions must be printable.
    for (const id of ['%00', 'a%0Ab', 'x'.repeat(300)]) {
      for (const target of [`/v1/webhooks/${id}`, `/v1/webhooks/${id}/dead-letters`])
        expect([target, (await api.call('GET', target)).status]).toEqual([target, 404]);
      expect((await api.call('DELETE', `/v1/webhooks/${id}`)).status).toBe(404);
    }
    const resend = await api.call('POST', `${path}/deliveries`, { position: '1\u00002' });
    expect([resend.status, fieldOf(resend.body)]).toEqual([422, ['position']]);
    // Nothing above changed the subscription but the merge patch.
    const after = await api.call('GET', path);
    expect(after.body).toMatchObject({ url, events: ['zoos.*'], status: 'active' });
    expect((await api.call('GET', '/v1/webhooks')).body.total).toBe(1);
  });

  it('shows and changes a subscription for its owner only; others get 404', async () => {
    const { api, hook } = await start();
    const made = (await api.subscribe({ url: hook.url('/in'), events: ['animals.*'] })).body;
    const path = `/v1/webhooks/${made.id}`;
    const other = { authorization: 'Bearer other' };
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { events: ['zoos.*'] }],
      ['DELETE', undefined],
      ['POST', undefined],
    ] as const) {
      const target = method === 'POST' ? `${path}/secret` : path;
      expect([method, (await api.call(method, target, body, other)).status]).toEqual([method, 404]);
    }
    expect((await api.call('GET', '/v1/webhooks', undefined, other)).body).toMatchObject({ total: 0, webhooks: [] });
    const mine = await api.call('GET', '/v1/webhooks?limit=1');
    expect(mine.body).toMatchObject({
      offset: 0,
      limit: 1,
      total: 1,
      webhooks: [{ id: made.id, url: hook.url('/in') }],
    });
    expect(mine.body.webhooks[0].secret).toBeUndefined();
    expect((await api.call('PATCH', path, { events: ['zoos.*'] }, { 'if-match': '"v9"' })).status).toBe(412);
    // An absurdly long If-Match is refused as on the API's own routes, before the subscription is read.
    const long = { 'if-match': `"v${'1'.repeat(9000)}"` };
    expect((await api.call('DELETE', path, undefined, long)).status).toBe(431);
    const changed = await api.call('PATCH', path, { events: ['zoos.*'] }, { 'if-match': '"v1"' });
    expect([changed.status, changed.body.events, changed.headers.get('etag')]).toEqual([200, ['zoos.*'], '"v2"']);
    // The same media type, charset included, as every other JSON answer of the API.
    expect(changed.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await api.call('PATCH', path, { filter: { kind: 'cat' } })).status).toBe(422);
    expect((await api.call('DELETE', path, undefined, { 'if-match': '"v2"' })).status).toBe(204);
    expect((await api.call('GET', path)).status).toBe(404);
  });

  it('rotates the secret: both signatures are sent during the grace period', async () => {
    const { api, hook } = await start();
    const made = (await api.subscribe({ url: hook.url('/in'), events: ['animals.*'] })).body;
    const rotated = await api.call('POST', `/v1/webhooks/${made.id}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(made.secret);
    await api.create({ zoo_id: '1', name: 'a', kind: 'bird' });
    await until(() => hook.on('/in').length === 1, 5000, 'a delivery');
    const [got] = hook.on('/in');
    expect(got!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [made.secret, rotated.body.secret])
      expect(new Webhook(secret).verify(got!.body, got!.headers)).toEqual(got!.json);
  });
});
