import type { WebhookStore, WebhookStoreLimits } from '@corral/core';
import { sqlWebhooks } from '@corral/sql';
import type { SqliteDatabase } from './database.js';
import { sqliteDialect } from './dialect.js';
import { sqliteDriver } from './driver.js';

/**
 * Webhook subscriptions and their delivery state in tables of the SQLite file. Writes are one at a
 * time there, so a claim is a plain UPDATE ... RETURNING; leases still hand a subscription to one
 * worker at a time, and over to another once a holder stops renewing.
 */
export function sqliteWebhooks(database: SqliteDatabase, limits: Partial<WebhookStoreLimits> = {}): WebhookStore {
  return sqlWebhooks({ driver: sqliteDriver(database), dialect: sqliteDialect }, limits);
}
