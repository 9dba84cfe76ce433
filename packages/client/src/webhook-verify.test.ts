// verifyWebhook against two signers: the `standardwebhooks` package (the spec's reference) and the
// server's own signWebhook, so a receiver using the client accepts what the API sends.
import { newWebhookSecret, signWebhook, webhookHeaders } from '@corral/webhooks';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from './index.js';

const secret = newWebhookSecret();
const sentAt = new Date('2026-11-26T20:00:00Z');
const now = sentAt.getTime() + 10_000;
const body = JSON.stringify({
  type: 'animals.created',
  timestamp: sentAt.toISOString(),
  data: {
    type: 'created',
    collection: 'animals',
    id: 'a1',
    version: 1,
    etag: '"1"',
    at: sentAt.toISOString(),
    matches: true,
    record: { id: 'a1', name: 'Ada', links: [] },
  },
});

/** The headers standardwebhooks sends for a message. */
function referenceHeaders(id: string, key = secret, at = sentAt): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key).sign(id, at, body),
  };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return `${error.reason}: ${error.message}`;
    throw error;
  }
  return 'accepted';
};

describe('verifyWebhook', () => {
  it('accepts what standardwebhooks signs and gives the payload, typed by collection', () => {
    type Api = { animals: { record: { name: string }; filters: object; sortable: 'name'; links: object } };
    const event = verifyWebhook<Api>({ secret, headers: referenceHeaders('msg_1'), body, now });
    expect(event.type).toBe('animals.created');
    if (event.type === 'animals.created') expect(event.data.record?.name).toBe('Ada');
    // The same body as bytes, and the headers as a fetch Headers.
    const bytes = new TextEncoder().encode(body);
    const { 'webhook-id': id, ...rest } = referenceHeaders('msg_1');
    expect(verifyWebhook({ secret, headers: { ...rest, 'Webhook-Id': id }, body, now }).type).toBe('animals.created');
    expect(verifyWebhook({ secret, headers: new Headers(referenceHeaders('msg_1')), body: bytes, now }).type).toBe(
      'animals.created',
    );
  });

  it('accepts what the server signs with signWebhook, with either secret during a rotation', () => {
    const next = newWebhookSecret();
    const headers = webhookHeaders({ id: 'sub1-42', timestamp: sentAt, body, secrets: [next, secret] });
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(verifyWebhook({ secret, headers, body, now }).data.id).toBe('a1');
    expect(verifyWebhook({ secret: next, headers, body, now }).data.id).toBe('a1');
    expect(verifyWebhook({ secrets: [newWebhookSecret(), next], headers, body, now }).data.id).toBe('a1');
    // And standardwebhooks verifies the server's signature too (it judges the timestamp by the clock).
    const current = webhookHeaders({ id: 'sub1-43', timestamp: new Date(), body, secrets: [next, secret] });
    expect(new Webhook(secret).verify(body, current)).toMatchObject({ type: 'animals.created' });
  });

  it('refuses a wrong secret, a changed body, a changed id and a signature of another version', () => {
    const headers = referenceHeaders('msg_2');
    expect(refusal(() => verifyWebhook({ secret: newWebhookSecret(), headers, body, now }))).toMatch(/^signature:/);
    expect(refusal(() => verifyWebhook({ secret, headers, body: body.replace('Ada', 'Bob'), now }))).toMatch(
      /^signature:/,
    );
    expect(refusal(() => verifyWebhook({ secret, headers: { ...headers, 'webhook-id': 'msg_3' }, body, now }))).toMatch(
      /^signature:/,
    );
    const v2 = { ...headers, 'webhook-signature': headers['webhook-signature']!.replace('v1,', 'v2,') };
    expect(refusal(() => verifyWebhook({ secret, headers: v2, body, now }))).toMatch(/^signature:/);
    const signature = signWebhook({ id: 'msg_2', timestamp: sentAt, body, secrets: [secret] });
    expect(
      refusal(() => verifyWebhook({ secret, headers: { ...headers, 'webhook-signature': signature }, body, now })),
    ).toBe('accepted');
  });

  it('refuses timestamps beyond the tolerance either way, and ones that are no Unix time', () => {
    const headers = referenceHeaders('msg_4');
    const at = (seconds: number) => sentAt.getTime() + seconds * 1000;
    expect(refusal(() => verifyWebhook({ secret, headers, body, now: at(300) }))).toBe('accepted');
    expect(refusal(() => verifyWebhook({ secret, headers, body, now: at(301) }))).toMatch(/^timestamp: .*301 s old/);
    expect(refusal(() => verifyWebhook({ secret, headers, body, now: at(-301) }))).toMatch(/^timestamp: .*ahead/);
    expect(refusal(() => verifyWebhook({ secret, headers, body, now: at(3600), toleranceSeconds: 7200 }))).toBe(
      'accepted',
    );
    const bad = { ...headers, 'webhook-timestamp': '1.5e9' };
    expect(refusal(() => verifyWebhook({ secret, headers: bad, body, now }))).toMatch(/^timestamp: .*no Unix time/);
  });

  it('names a missing header and refuses a body that is no webhook payload', () => {
    const { 'webhook-signature': _, ...unsigned } = referenceHeaders('msg_5');
    expect(refusal(() => verifyWebhook({ secret, headers: unsigned, body, now }))).toBe(
      'headers: The webhook has no webhook-signature header',
    );
    const other = '{"hello":"world"}';
    const headers = {
      ...referenceHeaders('msg_5'),
      'webhook-signature': new Webhook(secret).sign('msg_5', sentAt, other),
    };
    expect(refusal(() => verifyWebhook({ secret, headers, body: other, now }))).toBe(
      'payload: The webhook body has no valid type',
    );
  });

  it('throws a configuration error for no secret or one that is not whsec_ and base64', () => {
    const headers = referenceHeaders('msg_6');
    expect(() => verifyWebhook({ headers, body, now })).toThrow(/Give `secret` or `secrets`/);
    expect(() => verifyWebhook({ secret: 'whsec_not base64!', headers, body, now })).toThrow(
      expect.objectContaining({ kind: 'configuration', message: expect.stringMatching(/secrets\[0\]/) }),
    );
    expect(() => verifyWebhook({ secret, headers, body, now, toleranceSeconds: -1 })).toThrow(/toleranceSeconds/);
  });
});
