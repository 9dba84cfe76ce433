import { afterEach, describe, expect, it } from 'vitest';
import { hooksApi, receiver, until } from './hooks-api.case.test.js';

// A subscription that caught up keeps its claim a moment for the next change: what changes
// meanwhile must still count for that next change.

type Api = Awaited<ReturnType<typeof hooksApi>>;
type Receiver = Awaited<ReturnType<typeof receiver>>;
let api: Api | undefined;
let hook: Receiver | undefined;

afterEach(async () => {
  await api?.close();
  await hook?.close();
  api = hook = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start() {
  hook = await receiver();
  api = await hooksApi();
  const made = await api.subscribe({ url: hook.url('/a'), events: ['animals.created'] });
  await api.create({ zoo_id: '1', name: 'first', kind: 'bird' });
  await until(() => hook!.on('/a').length === 1, 5000, 'the first event');
  return { api, hook, id: made.body.id as string };
}

describe('a claim held for the next change', () => {
  it('sends the next event to the URL the subscription was given meanwhile', async () => {
    const { api, hook, id } = await start();
    expect((await api.call('PATCH', `/v1/webhooks/${id}`, { url: hook.url('/b') })).status).toBe(200);
    await api.create({ zoo_id: '1', name: 'second', kind: 'bird' });
    await until(() => hook.on('/b').length === 1, 5000, 'the event at the new URL');
    expect(hook.on('/b')[0]!.json.data.record.name).toBe('second');
    expect(hook.on('/a').length).toBe(1);
  });

  it('sends nothing more once the subscription is paused, and goes on from there when resumed', async () => {
    const { api, hook, id } = await start();
    await api.call('PATCH', `/v1/webhooks/${id}`, { status: 'disabled' });
    await api.create({ zoo_id: '1', name: 'paused', kind: 'bird' });
    await sleep(300);
    expect(hook.on('/a').length).toBe(1);
    await api.call('PATCH', `/v1/webhooks/${id}`, { status: 'active' });
    await until(() => hook.on('/a').length === 2, 5000, 'the event written while paused');
    expect(hook.on('/a')[1]!.json.data.record.name).toBe('paused');
  });

  it('sends an event asked for again without waiting for the next change', async () => {
    const { api, hook, id } = await start();
    const [attempt] = (await api.call('GET', `/v1/webhooks/${id}/deliveries`)).body.deliveries;
    expect((await api.call('POST', `/v1/webhooks/${id}/deliveries`, { position: attempt.position })).status).toBe(202);
    await until(() => hook.on('/a').length === 2, 5000, 'the resend');
    expect(hook.on('/a')[1]!.body).toBe(hook.on('/a')[0]!.body);
  });
});
