import type { WebhookStore, WebhookStoreLimits } from '@corral/core';
import { sqlWebhooks } from '@corral/sql';
import type { MysqlDatabase } from './database.js';
import { mysqlDialect } from './dialect.js';
import { mysqlDriver } from './driver.js';

/**
 * Webhook subscriptions and their delivery state in tables of the database. MariaDB has no
 * `UPDATE ... RETURNING`: a claim locks the next ready subscription (skipping locked ones), then
 * takes it, in one unit.
 */
export function mysqlWebhooks(database: MysqlDatabase, limits: Partial<WebhookStoreLimits> = {}): WebhookStore {
  return sqlWebhooks({ driver: mysqlDriver(database), dialect: mysqlDialect() }, limits);
}
