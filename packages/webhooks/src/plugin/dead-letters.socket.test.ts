import { afterEach, describe, expect, it } from 'vitest';
import { hooksApi, receiver, testClock, until } from './hooks-api.case.test.js';

type Api = Awaited<ReturnType<typeof hooksApi>>;
type Receiver = Awaited<ReturnType<typeof receiver>>;
let api: Api | undefined;
let hook: Receiver | undefined;

afterEach(async () => {
  await api?.close();
  await hook?.close();
  api = hook = undefined;
});

const day = 86_400_000;
// Three attempts a second apart, then the event is dead-lettered.
const retry = { delaysMs: [1000], thenEveryMs: 1000, giveUpAfterMs: 2000, jitter: 0 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The zoo of the test API with a receiver that fails what its script says, on a clock the test moves. */
async function start(options: Parameters<typeof hooksApi>[0] = {}) {
  const clock = testClock();
  hook = await receiver();
  api = await hooksApi({ now: clock.now, retry, ...options });
  const made = await api.subscribe({ url: hook.url('/in'), events: ['animals.created'] });
  const { id } = made.body as { id: string };
  /** Writes `name` and lets each of its three attempts fail (500), moving the clock past each wait. */
  const failThrice = async (name: string) => {
    hook!.script('/in', 500, 500, 500);
    const before = hook!.on('/in').length;
    await api!.create({ zoo_id: '1', name, kind: 'bird' });
    for (const count of [1, 2, 3]) {
      await until(() => hook!.on('/in').length >= before + count, 5000, `${name}: attempt ${count}`);
      await sleep(60);
      clock.advance(1000);
    }
  };
  /** The subscription once `check` holds of it (or as it is after 2 s). */
  const shownWhen = async (check: (body: Record<string, any>) => boolean) => {
    let shown = await api!.call('GET', `/v1/webhooks/${id}`);
    for (let i = 0; i < 100 && !check(shown.body); i++) {
      await sleep(20);
      shown = await api!.call('GET', `/v1/webhooks/${id}`);
    }
    return shown.body as Record<string, any>;
  };
  return { api, hook, clock, id, failThrice, shownWhen };
}

describe('dead letters of a subscription', () => {
  it('lists events given up on at /dead-letters, for the owner only, and sends one again by its position', async () => {
    const { api, hook, id, failThrice } = await start();
    await failThrice('a');
    await api.create({ zoo_id: '1', name: 'b', kind: 'bird' });
    await until(() => hook.on('/in').length === 4, 5000, 'b after a was dead-lettered');
    const shown = await api.call('GET', `/v1/webhooks/${id}`);
    expect(shown.body.links).toContainEqual({ rel: 'dead-letters', href: `/v1/webhooks/${id}/dead-letters` });
    const listed = await api.call('GET', `/v1/webhooks/${id}/dead-letters?limit=5`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ offset: 0, limit: 5, total: 1 });
    const [letter] = listed.body.deadLetters;
    const first = hook.on('/in')[0]!;
    expect(letter).toEqual({
      position: expect.any(String),
      at: expect.any(String),
      webhookId: first.headers['webhook-id'],
      attempts: 3,
      error: 'The receiver answered 500',
    });
    expect(letter).not.toHaveProperty('payload');
    // Someone else's subscription does not exist for them; bad paging names the parameter.
    const stranger = await api.call('GET', `/v1/webhooks/${id}/dead-letters`, undefined, {
      authorization: 'Bearer other',
    });
    expect(stranger.status).toBe(404);
    const bad = await api.call('GET', `/v1/webhooks/${id}/dead-letters?limit=-1`);
    expect(bad.status).toBe(400);
    // Sent again from the list: the body and the webhook-id it was given up with.
    const resend = await api.call('POST', `/v1/webhooks/${id}/deliveries`, { position: letter.position });
    expect(resend.status).toBe(202);
    await until(() => hook.on('/in').length === 5, 5000, 'the resend');
    expect(hook.on('/in')[4]!.body).toBe(first.body);
    expect(hook.on('/in')[4]!.headers['webhook-id']).toBe(letter.webhookId);
  });

  it('disables a subscription whose events keep dead-lettering for 5 days by default, and says why', async () => {
    const { api, hook, clock, failThrice, shownWhen } = await start();
    await failThrice('a');
    let shown = await shownWhen((body) => body.deadLetteringSince !== undefined);
    const since = shown.deadLetteringSince as string;
    expect(shown.status).toBe('active');
    // Four days on, another dead letter: still active, the run still counted from the first.
    clock.advance(4 * day);
    await failThrice('b');
    await until(() => hook.on('/in').length === 6, 5000, 'b tried three times');
    await sleep(100);
    shown = await shownWhen(() => true);
    expect(shown).toMatchObject({ status: 'active', deadLetteringSince: since });
    // Past five days of nothing but dead letters: the next one disables it.
    clock.advance(day);
    await failThrice('c');
    shown = await shownWhen((body) => body.status === 'disabled');
    expect(shown.status).toBe('disabled');
    expect(shown.disabledReason).toBe('Every event has been dead-lettered for 5 days');
    // Nothing more is sent while disabled.
    await api.create({ zoo_id: '1', name: 'd', kind: 'bird' });
    await sleep(150);
    expect(hook.on('/in').length).toBe(9);
  });

  it('starts the five days again once an event is delivered', async () => {
    const { api, hook, clock, failThrice, shownWhen } = await start();
    await failThrice('a');
    clock.advance(3 * day);
    await api.create({ zoo_id: '1', name: 'ok', kind: 'bird' });
    await until(() => hook.on('/in').length === 4, 5000, 'a delivered event');
    const shown = await shownWhen((body) => body.deadLetteringSince === undefined);
    expect(shown.deadLetteringSince).toBeUndefined();
    clock.advance(3 * day);
    await failThrice('b');
    const after = await shownWhen((body) => body.deadLetteringSince !== undefined);
    expect(after).toMatchObject({ status: 'active', deadLetteringSince: new Date(clock.now() - 1000).toISOString() });
  });

  it('takes the number of days from disableAfterDays', async () => {
    const { clock, failThrice, shownWhen } = await start({ disableAfterDays: 2 });
    await failThrice('a');
    clock.advance(2 * day);
    await failThrice('b');
    const shown = await shownWhen((body) => body.status === 'disabled');
    expect(shown.disabledReason).toBe('Every event has been dead-lettered for 2 days');
  });
});
