import { describe, expect, it } from 'vitest';
import { webhookStoreCases } from '../testing/webhook-store-cases.js';
import { memoryWebhooks } from './memory-webhooks.js';

webhookStoreCases('memoryWebhooks', async (limits) => ({ webhooks: memoryWebhooks(limits), close: async () => {} }));

describe('memoryWebhooks', () => {
  it('refuses limits that are not whole numbers of at least one, naming them', () => {
    expect(() => memoryWebhooks({ keepAttempts: 0 })).toThrow(/keepAttempts/);
    expect(() => memoryWebhooks({ keepDeadLetters: 2.5 })).toThrow(/keepDeadLetters/);
  });
});
