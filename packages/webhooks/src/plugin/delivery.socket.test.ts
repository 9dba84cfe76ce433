import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { hooksApi, receiver, testClock, until } from './hooks-api.case.test.js';

type Api = Awaited<ReturnType<typeof hooksApi>>;
type Receiver = Awaited<ReturnType<typeof receiver>>;
let api: Api | undefined;
let hook: Receiver | undefined;

async function start(options: Parameters<typeof hooksApi>[0] = {}) {
  hook = await receiver();
  api = await hooksApi(options);
  return { api, hook };
}

afterEach(async () => {
  await api?.close();
  await hook?.close();
  api = hook = undefined;
});

const names = (entries: { json: { data: Record<string, any> } }[]) => entries.map((e) => e.json.data.record?.name);

describe('webhook delivery to a receiver on loopback', () => {
  it('sends every event in order, signed as Standard Webhooks, which the standardwebhooks package verifies', async () => {
    const { api, hook } = await start();
    const made = await api.subscribe({ url: hook.url('/in'), events: ['animals.*'] });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_/);
    expect(made.headers.get('location')).toBe(`/v1/webhooks/${made.body.id}`);
    expect(made.headers.get('etag')).toBe('"v1"');
    for (const name of ['a', 'b', 'c']) await api.create({ zoo_id: '1', name, kind: 'bird' });
    await until(() => hook.on('/in').length === 3, 5000, 'three deliveries');
    const got = hook.on('/in');
    expect(names(got)).toEqual(['a', 'b', 'c']);
    const verifier = new Webhook(made.body.secret);
    for (const entry of got) {
      expect(verifier.verify(entry.body, entry.headers)).toEqual(entry.json);
      expect(entry.headers['webhook-id']).not.toContain('.');
      expect(entry.headers['content-type']).toBe('application/json');
    }
    expect(got[0]!.json).toMatchObject({
      type: 'animals.created',
      data: { type: 'created', collection: 'animals', version: 1, matches: true, record: { name: 'a', zoo_id: '1' } },
    });
    expect(new Date(got[0]!.json.timestamp).toISOString()).toBe(got[0]!.json.timestamp);
    expect(new Set(got.map((entry) => entry.headers['webhook-id'])).size).toBe(3);
    const deliveries = await api.call('GET', `/v1/webhooks/${made.body.id}/deliveries`);
    expect(deliveries.body).toMatchObject({ offset: 0, total: 3 });
    expect(deliveries.body.deliveries.map((d: { status: number }) => d.status)).toEqual([200, 200, 200]);
  });

  it('sends only the events named, and only what a GET with the subscription scopes would show', async () => {
    const { api, hook } = await start();
    await api.subscribe({ url: hook.url('/tenant'), events: ['animals.created'] }, 'tenant');
    await api.subscribe({ url: hook.url('/cats'), events: ['animals.*'], filter: { kind: 'cat' } });
    const { id } = await api.create({ zoo_id: '2', name: 'elsewhere', kind: 'cat' });
    await api.create({ zoo_id: '1', name: 'hidden', kind: 'bird', secret: true });
    await api.create({ zoo_id: '1', name: 'seen', kind: 'bird' });
    await api.call('PATCH', `/v1/animals/${id}`, { kind: 'bird' });
    await api.create({ zoo_id: '1', name: 'last', kind: 'cat' });
    await until(() => hook.on('/tenant').length === 2 && hook.on('/cats').length === 3, 5000, 'deliveries');
    expect(names(hook.on('/tenant'))).toEqual(['seen', 'last']);
    // The cat that became a bird leaves the filtered list: one more event, matches false.
    expect(hook.on('/cats').map((e) => [e.json.type, e.json.data.matches])).toEqual([
      ['animals.created', true],
      ['animals.updated', false],
      ['animals.created', true],
    ]);
  });

  it('retries a failing event on the schedule, the later ones waiting behind it (500, timeout, then 200)', async () => {
    const clock = testClock();
    const { api, hook } = await start({ now: clock.now, retry: { jitter: 0 } });
    hook.script('/in', 500, 'hang');
    const made = await api.subscribe({ url: hook.url('/in'), events: ['animals.created'] });
    for (const name of ['a', 'b', 'c']) await api.create({ zoo_id: '1', name, kind: 'bird' });
    await until(() => hook.on('/in').length === 1, 5000, 'first attempt');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hook.on('/in').length).toBe(1); // b and c wait behind a
    let shown = await api.call('GET', `/v1/webhooks/${made.body.id}`);
    expect(shown.body.failing).toMatchObject({
      attempts: 1,
      nextAttemptAt: new Date(clock.now() + 5000).toISOString(),
    });
    clock.advance(5000);
    await until(() => hook.on('/in').length === 2, 5000, 'second attempt (times out)');
    for (let i = 0; i < 100 && shown.body.failing?.attempts !== 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      shown = await api.call('GET', `/v1/webhooks/${made.body.id}`);
    }
    expect(shown.body.failing).toMatchObject({
      attempts: 2,
      nextAttemptAt: new Date(clock.now() + 30_000).toISOString(),
    });
    clock.advance(30_000);
    await until(() => hook.on('/in').length === 5, 5000, 'everything delivered');
    expect(names(hook.on('/in'))).toEqual(['a', 'a', 'a', 'b', 'c']);
    const ids = hook.on('/in').map((entry) => entry.headers['webhook-id']);
    expect(new Set(ids.slice(0, 3)).size).toBe(1); // the same id on every attempt
    const attempts = (await api.call('GET', `/v1/webhooks/${made.body.id}/deliveries`)).body.deliveries;
    expect(attempts.map((a: { status?: number; error?: string }) => a.status ?? a.error)).toEqual([
      200,
      200,
      200,
      'The receiver did not answer in time',
      500,
    ]);
  });

  it('disables the subscription when the receiver answers 410, and says why', async () => {
    const { api, hook } = await start();
    hook.script('/gone', 410);
    const made = await api.subscribe({ url: hook.url('/gone'), events: ['animals.*'] });
    await api.create({ zoo_id: '1', name: 'a', kind: 'bird' });
    let shown = await api.call('GET', `/v1/webhooks/${made.body.id}`);
    for (let i = 0; i < 200 && shown.body.status === 'active'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      shown = await api.call('GET', `/v1/webhooks/${made.body.id}`);
    }
    expect(shown.body).toMatchObject({ status: 'disabled', disabledReason: expect.stringContaining('410') });
    await api.create({ zoo_id: '1', name: 'b', kind: 'bird' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(hook.on('/gone').length).toBe(1);
  });

  it('dead-letters an event whose schedule is spent, goes on, sends it again on request, disables after the days', async () => {
    const clock = testClock();
    const retry = { delaysMs: [1000], thenEveryMs: 1000, giveUpAfterMs: 2000, jitter: 0 };
    const { api, hook } = await start({ now: clock.now, retry, disableAfterDays: 1 });
    hook.script('/in', 500, 500, 500);
    const made = await api.subscribe({ url: hook.url('/in'), events: ['animals.created'] });
    await api.create({ zoo_id: '1', name: 'a', kind: 'bird' });
    await api.create({ zoo_id: '1', name: 'b', kind: 'bird' });
    for (const count of [1, 2, 3]) {
      await until(() => hook.on('/in').length >= count, 5000, `attempt ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 60));
      clock.advance(1000);
    }
    await until(() => hook.on('/in').length === 4, 5000, 'b after a was dead-lettered');
    expect(names(hook.on('/in'))).toEqual(['a', 'a', 'a', 'b']);
    const position = hook.on('/in')[0]!.json.data;
    const first = hook.on('/in')[0]!;
    const resend = await api.call('POST', `/v1/webhooks/${made.body.id}/deliveries`, {
      position: (await api.call('GET', `/v1/webhooks/${made.body.id}/deliveries?limit=10`)).body.deliveries.at(-1)
        .position,
    });
    expect(resend.status).toBe(202);
    await until(() => hook.on('/in').length === 5, 5000, 'the resend');
    expect(hook.on('/in')[4]!.body).toBe(first.body);
    expect(hook.on('/in')[4]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(position.record.name).toBe('a');
    // Events that keep dead-lettering for disableAfterDays disable the subscription.
    const failThrice = async (name: string) => {
      hook.script('/in', 500, 500, 500);
      const before = hook.on('/in').length;
      await api.create({ zoo_id: '1', name, kind: 'bird' });
      for (const count of [1, 2, 3]) {
        await until(() => hook.on('/in').length >= before + count, 5000, `${name}: attempt ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 60));
        clock.advance(1000);
      }
    };
    await failThrice('c');
    clock.advance(86_400_000);
    await failThrice('d');
    let shown = await api.call('GET', `/v1/webhooks/${made.body.id}`);
    for (let i = 0; i < 100 && shown.body.status === 'active'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      shown = await api.call('GET', `/v1/webhooks/${made.body.id}`);
    }
    expect(shown.body).toMatchObject({ status: 'disabled', disabledReason: expect.stringContaining('dead-lettered') });
  });
});
