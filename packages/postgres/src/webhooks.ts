import type { WebhookStore, WebhookStoreLimits } from '@corral/core';
import { sqlWebhooks } from '@corral/sql';
import type { PostgresDatabase } from './database.js';
import { postgresDialect } from './dialect.js';
import { postgresDriver } from './driver.js';

/**
 * Webhook subscriptions and their delivery state in tables of the schema, shared by every process
 * of the API: claims skip what others hold (`FOR UPDATE SKIP LOCKED`), and the subscription of a
 * process that died is claimed by another once its lease ran out.
 */
export function postgresWebhooks(database: PostgresDatabase, limits: Partial<WebhookStoreLimits> = {}): WebhookStore {
  return sqlWebhooks({ driver: postgresDriver(database), dialect: postgresDialect(database.schema) }, limits);
}
