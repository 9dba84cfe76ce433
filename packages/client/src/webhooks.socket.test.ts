// client.webhooks over a real socket, against a loopback server speaking the subscription routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, CorralClientError, createClient, type CorralClient } from './index.js';
import { startWebhookApi } from './testing/webhook-api.js';

let api: Awaited<ReturnType<typeof startWebhookApi>>;
let client: CorralClient;
beforeAll(async () => {
  api = await startWebhookApi();
  client = createClient({ baseUrl: api.baseUrl, auth: 'good' });
});
afterAll(async () => {
  await client.close();
  await api.close();
});

describe('client.webhooks', () => {
  it('creates a subscription and hands out its secret once, apart from the subscription', async () => {
    const { subscription, secret } = await client.webhooks.create({
      url: 'https://billing.example/hooks',
      events: ['animals.created', 'zoos.*'],
      filter: { species: 'lion' },
    });
    expect(secret).toMatch(/^whsec_/);
    expect(subscription).toMatchObject({ id: 'wh1', events: ['animals.created', 'zoos.*'], status: 'active' });
    expect(subscription).not.toHaveProperty('secret');
    expect(api.seen.at(-1)).toBe('POST /v1/webhooks');
  });

  it('lists, reads and updates with the If-Match of what it read (reading first when it read nothing)', async () => {
    const page = await client.webhooks.list({ limit: 5 });
    expect(page.items.map((s) => s.id)).toEqual(['wh1']);
    expect(page.total).toBe(1);
    expect(api.seen.at(-1)).toBe('GET /v1/webhooks?limit=5');
    // The tag of the create is remembered.
    const updated = await client.webhooks.update('wh1', { events: ['animals.*'], filter: null });
    expect(updated.events).toEqual(['animals.*']);
    expect(api.seen.at(-1)).toBe('PATCH /v1/webhooks/wh1 if-match "1"');
    // A client that never read it reads it first.
    const other = createClient({ baseUrl: api.baseUrl, auth: 'good' });
    await other.webhooks.update('wh1', { status: 'disabled' });
    expect(api.seen.slice(-2)).toEqual(['GET /v1/webhooks/wh1', 'PATCH /v1/webhooks/wh1 if-match "2"']);
    await other.close();
    expect((await client.webhooks.get('wh1')).status).toBe('disabled');
  });

  it('refuses an update of a subscription changed since it was read, with the current one', async () => {
    await client.webhooks.get('wh1');
    api.touch('wh1');
    const refused = await client.webhooks.update('wh1', { status: 'active' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).current).toMatchObject({ id: 'wh1' });
  });

  it('rotates the secret, after which an update reads the subscription again', async () => {
    await client.webhooks.get('wh1');
    const rotated = await client.webhooks.rotateSecret('wh1');
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.subscription).toBeUndefined();
    expect(api.seen.at(-1)).toBe('POST /v1/webhooks/wh1/secret');
    await client.webhooks.update('wh1', { url: 'https://billing.example/v2' });
    expect(api.seen.slice(-2)).toEqual(['GET /v1/webhooks/wh1', expect.stringMatching(/^PATCH .* if-match "\d+"$/)]);
  });

  it('lists deliveries and sends an event again by its position', async () => {
    api.attempt('wh1', {
      at: '2026-11-26T20:00:00.000Z',
      position: '41',
      webhookId: 'wh1-41',
      status: 500,
      durationMs: 12,
    });
    await client.webhooks.resend('wh1', '41');
    expect(api.seen.at(-1)).toBe('POST /v1/webhooks/wh1/deliveries');
    const deliveries = await client.webhooks.deliveries('wh1', { offset: 0, limit: 10 });
    expect(deliveries.items.map((d) => [d.position, d.status])).toEqual([
      ['41', undefined],
      ['41', 500],
    ]);
  });

  it('lists dead letters, and sends one again by its position through deliveries', async () => {
    const letter = { position: '40', at: '2026-11-27T20:00:00.000Z', webhookId: 'wh1-40', attempts: 9, error: 'x' };
    api.deadLetter('wh1', letter);
    const letters = await client.webhooks.deadLetters('wh1', { limit: 5 });
    expect(api.seen.at(-1)).toBe('GET /v1/webhooks/wh1/dead-letters?limit=5');
    expect(letters.items).toEqual([letter]);
    expect(letters.total).toBe(1);
    await client.webhooks.resend('wh1', letters.items[0]!.position);
    expect(api.seen.at(-1)).toBe('POST /v1/webhooks/wh1/deliveries');
  });

  it('deletes with the tag it holds, and reports an unknown subscription as a 404', async () => {
    await client.webhooks.get('wh1');
    await client.webhooks.delete('wh1');
    expect(api.seen.at(-1)).toMatch(/^DELETE \/v1\/webhooks\/wh1 if-match "\d+"$/);
    const missing = await client.webhooks.get('wh1').catch((error: unknown) => error);
    expect(missing).toMatchObject({ kind: 'http', status: 404 });
    const empty = await client.webhooks.get('').catch((error: unknown) => error);
    expect(empty).toBeInstanceOf(CorralClientError);
    expect(empty).toMatchObject({ kind: 'usage' });
  });

  it('sends the bearer token the client was given, and ids escaped in the path', async () => {
    const stranger = createClient({ baseUrl: api.baseUrl, auth: 'bad' });
    await expect(stranger.webhooks.list()).rejects.toMatchObject({ status: 401 });
    await stranger.close();
    await expect(client.webhooks.get('a/b')).rejects.toMatchObject({ status: 404 });
    expect(api.seen.at(-1)).toBe('GET /v1/webhooks/a%2Fb');
  });
});
