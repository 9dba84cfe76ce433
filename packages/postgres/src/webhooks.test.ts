import { afterAll, describe, expect, it } from 'vitest';
import type { WebhookStore } from '@corral/core';
import { numericBefore, webhookFor } from '@corral/core/testing';
import { sqlWebhooks } from '@corral/sql';
import { type PostgresDatabase, postgresDatabase } from './database.js';
import { postgresDialect } from './dialect.js';
import { postgresDriver } from './driver.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const available = await serverAvailable();
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

/** The store as an engine without UPDATE ... RETURNING claims: a unit that locks what it takes. */
function claimedInUnits(database: PostgresDatabase): WebhookStore {
  const dialect = postgresDialect(database.schema);
  const can = { ...dialect.can, returningOnUpdate: false };
  return sqlWebhooks({ driver: postgresDriver(database), dialect: { ...dialect, can } });
}

/** Two processes of one API: two pools on one schema. */
function twoProcesses(unitClaims = false) {
  const schema = freshSchemaName('hooks_store');
  schemas.push(schema);
  const databases = [0, 1].map(() => postgresDatabase({ connectionString: testDatabaseUrl, schema }));
  const stores = databases.map((database) => (unitClaims ? claimedInUnits(database) : database.webhooks()));
  return { databases, stores, close: () => Promise.all(databases.map((database) => database.close())) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(available)('webhook subscriptions in PostgreSQL', () => {
  for (const unitClaims of [false, true])
    it(`never lets two claimers hold one subscription at once${unitClaims ? ', claimed in units' : ''}`, async () => {
      const { stores, close } = twoProcesses(unitClaims);
      const ids: string[] = [];
      for (let n = 0; n < 4; n++) ids.push((await stores[0]!.create(webhookFor(`owner${n}`, '0'))).id);
      const holding = new Set<string>();
      const overlaps: string[] = [];
      let advanced = 0;
      /** A worker claiming, moving the position on by one, and letting go, `rounds` times. */
      const worker = async (store: WebhookStore, holder: string, rounds: number) => {
        for (let round = 0; round < rounds; ) {
          const claimed = await store.claim(holder, 30_000, Date.now());
          if (!claimed) {
            await pause(1);
            continue;
          }
          round++;
          const { lease, subscription } = claimed;
          if (holding.has(lease.id)) overlaps.push(lease.id);
          holding.add(lease.id);
          await pause(Math.random() * 3);
          const position = String(Number(subscription.position) + 1);
          if (await store.advance(lease, { now: Date.now(), position, delivered: true })) advanced++;
          holding.delete(lease.id);
          await store.release(lease, { now: Date.now() });
        }
      };
      // Eight workers (four a process) over four subscriptions: every claim contends.
      await Promise.all(Array.from({ length: 8 }, (_, n) => worker(stores[n % 2]!, `worker${n}`, 25)));
      expect(overlaps).toEqual([]);
      expect(advanced).toBe(200);
      // Every advance read the position the one before it wrote: none was lost.
      const positions = await Promise.all(ids.map(async (id) => Number((await stores[1]!.get(id))!.position)));
      expect(positions.reduce((sum, n) => sum + n, 0)).toBe(200);
      await close();
    }, 30_000);

  it('hands the subscription of a holder that stopped renewing to another after its lease', async () => {
    const { databases, stores, close } = twoProcesses();
    const [dying, living] = stores as [WebhookStore, WebhookStore];
    const made = await dying.create(webhookFor('ann', '5'));
    const { lease } = (await dying.claim('dying', 400, Date.now()))!;
    // The holding process goes away without renewing or letting go (as after kill -9).
    await databases[0]!.close();
    expect(await living.claim('living', 400, Date.now())).toBeUndefined();
    await pause(450);
    const taken = (await living.claim('living', 400, Date.now()))!;
    expect(taken.subscription.id).toBe(made.id);
    expect(taken.lease.claim).toBe(lease.claim + 1);
    // The old lease moves nothing, even when presented through a live connection.
    expect(await living.advance(lease, { now: Date.now(), position: '9', delivered: true })).toBe(false);
    expect(await living.advance(taken.lease, { now: Date.now(), position: '6', delivered: true })).toBe(true);
    expect(await living.oldestPosition(numericBefore)).toBe('6');
    await close();
  });
});
