import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, webhookHeaders } from './signature.js';

const body = JSON.stringify({ type: 'animals.created', timestamp: '2026-11-26T20:00:00.000Z', data: { id: 'a1' } });
const now = () => Math.floor(Date.now() / 1000);

describe('signWebhook', () => {
  it('signs what the standardwebhooks package verifies', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders({ id: 'msg_1', timestamp: now(), body, secrets: [secret] });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(headers['content-type']).toBe('application/json');
  });

  it('gives the same signature as the reference implementation', () => {
    const secret = newWebhookSecret();
    const at = new Date(1_764_187_200_000);
    expect(signWebhook({ id: 'msg_2', timestamp: at, body, secrets: [secret] })).toBe(
      new Webhook(secret).sign('msg_2', at, body),
    );
  });

  it('signs with both secrets during a rotation, the current one first, and each verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders({ id: 'msg_3', timestamp: new Date(), body, secrets: [current, previous] });
    const signatures = headers['webhook-signature']!.split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures[0]).toBe(signWebhook({ id: 'msg_3', timestamp: new Date(), body, secrets: [current] }));
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(/signature/i);
  });

  it('fails verification when the body, id or timestamp is changed', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders({ id: 'msg_4', timestamp: now(), body, secrets: [secret] });
    const webhook = new Webhook(secret);
    expect(() => webhook.verify(body.replace('a1', 'a2'), headers)).toThrow(/signature/i);
    expect(() => webhook.verify(body, { ...headers, 'webhook-id': 'msg_5' })).toThrow(/signature/i);
    const later = String(now() - 1);
    expect(() => webhook.verify(body, { ...headers, 'webhook-timestamp': later })).toThrow(/signature/i);
  });

  it('writes the timestamp as Unix seconds', () => {
    const headers = webhookHeaders({
      id: 'm',
      timestamp: new Date(1_764_187_200_999),
      body,
      secrets: [newWebhookSecret()],
    });
    expect(headers['webhook-timestamp']).toBe('1764187200');
  });

  it('refuses secrets of another form and ids with a dot, naming them', () => {
    const input = { id: 'm', timestamp: 1, body };
    expect(() => signWebhook({ ...input, secrets: [] })).toThrow(/secrets is empty/);
    expect(() => signWebhook({ ...input, secrets: [newWebhookSecret(), 'plain'] })).toThrow(
      expect.objectContaining({
        code: 'CORRAL_INVALID_WEBHOOK_OPTION',
        message: expect.stringContaining('secrets[1]'),
      }),
    );
    expect(() => signWebhook({ ...input, secrets: ['whsec_no*base64'] })).toThrow(/secrets\[0\]/);
    expect(() => webhookHeaders({ ...input, id: 'a.b', secrets: [newWebhookSecret()] })).toThrow(/id "a.b"/);
  });
});

describe('newWebhookSecret', () => {
  it('makes whsec_ and the base64 of 32 random bytes, different each time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});
