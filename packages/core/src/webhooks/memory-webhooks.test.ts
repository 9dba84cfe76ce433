import { webhookStoreCases } from '../testing/webhook-store-cases.js';
import { memoryWebhooks } from './memory-webhooks.js';

webhookStoreCases('memoryWebhooks', async (limits) => ({ webhooks: memoryWebhooks(limits), close: async () => {} }));
