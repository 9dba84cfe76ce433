import {
  cors,
  createApi,
  defineSearch,
  idempotency,
  memoryIdempotency,
  memoryWebhooks,
  type Api,
  type Logger,
} from '@corral/core';
import { admin } from '@corral/admin';
import { openApi } from '@corral/openapi';
import { telemetry } from '@corral/opentelemetry';
import { webhooks } from '@corral/webhooks';
import { allowedOrigins, scopeDescriptions, setUpAuth } from './auth.js';
import { animalsCollection } from './collections/animals.js';
import { employeesCollection } from './collections/employees.js';
import { partiesCollection } from './collections/parties.js';
import { salaryStatementsCollection } from './collections/salary-statements.js';
import { zoosCollection } from './collections/zoos.js';
import type { ZooConfig } from './config.js';
import { demoCustomers, demoSuppliers } from './demo/parties.js';
import { calculateOperation } from './operations/calculate.js';
import { translateOperation } from './operations/translate.js';
import { zooRateLimits } from './rate-limits.js';
import { memoryStores, storageFor, type Storage, type StoreFactory } from './stores.js';

/** Every collection of the zoo, declared once, each with its store (seeded with the demo data when new). */
export function zooCollections(stores: StoreFactory = memoryStores) {
  const zoos = zoosCollection(stores);
  const animals = animalsCollection(zoos, stores);
  const employees = employeesCollection(stores);
  const salaryStatements = salaryStatementsCollection(employees, stores);
  const customers = partiesCollection('customers', demoCustomers(), stores);
  const suppliers = partiesCollection('suppliers', demoSuppliers(), stores);
  return { zoos, animals, employees, salaryStatements, customers, suppliers };
}

/**
 * The zoo API as a value: every collection and operation declared once, assembled by Corral,
 * protected by OAuth 2.0. `localOrigin` is where this process itself can be reached.
 */
export async function createZooApi(
  config: ZooConfig,
  localOrigin: string,
  logger?: Logger,
  stores?: StoreFactory,
): Promise<Api> {
  const storage: Storage = stores ? { stores } : storageFor(config.storage);
  const limits = await zooRateLimits(config.rateLimits, storage.rateLimits);
  const auth = await setUpAuth(config, localOrigin, limits.limitTokens, storage.signingKeys);
  const { zoos, animals, employees, salaryStatements, customers, suppliers } = zooCollections(storage.stores);
  return createApi({
    title: 'Zoo API',
    version: 1,
    basePath: config.basePath,
    publicUrl: config.publicUrl,
    collections: [zoos, animals, employees, salaryStatements, customers, suppliers],
    operations: [
      defineSearch({ collections: [zoos, animals, employees, customers, suppliers] }),
      translateOperation(),
      calculateOperation(),
    ],
    auth: auth.authenticator,
    mounts: auth.mounts,
    streamsPerClient: config.streamsPerClient,
    plugins: [
      // Telemetry first, so that requests answered by an earlier hook (CORS preflights) are traced too.
      ...(config.telemetry ? [telemetry()] : []),
      // Before CORS, so that preflights count too and a 429 still gets CORS headers (CORS adds them in
      // onSend, after the limit's); before idempotency, so that a request over its limit claims no key.
      ...(limits.plugin ? [limits.plugin] : []),
      cors({ origins: allowedOrigins(config, localOrigin) }),
      openApi({
        tokenUrl: auth.tokenUrl,
        tokenDescription: auth.tokenDescription,
        scopeDescriptions,
        contact: { name: 'Zoo API maintainers' },
        // The zoo delivers webhooks: the document describes every event a subscription receives.
        webhooks: true,
      }),
      // The web admin at /admin: people sign in with the issuer (embedded or external) and PKCE.
      admin({ path: '/admin', issuer: config.oauth.issuer, clientId: config.admin.clientId ?? 'corral-admin' }),
      // POSTs (and respond-async bulk writes) with an Idempotency-Key can be retried safely, across instances.
      idempotency({ store: storage.idempotency ?? memoryIdempotency() }),
      // Subscriptions live beside the records; every instance delivers, each subscription from one at a time.
      webhooks({
        store: storage.webhooks ?? memoryWebhooks(),
        allow: config.webhookAllow,
        scope: 'webhooks:write',
      }),
    ],
    ...(storage.jobs ? { jobs: storage.jobs } : {}),
    ...(logger ? { logger } : {}),
    // Ready once the signing keys are read too: tokens of other instances verify from the first request.
    ...(auth.ready ? { hooks: { onReady: auth.ready } } : {}),
  });
}
