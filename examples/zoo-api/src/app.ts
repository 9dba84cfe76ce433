import { createApi, type Api, type Logger } from '@corral/core';
import { setUpAuth } from './auth.js';
import { employeesCollection } from './collections/employees.js';
import type { ZooConfig } from './config.js';

/**
 * The zoo API as a value: every collection declared once, assembled by Corral, protected by
 * OAuth 2.0. `localOrigin` is where this process itself can be reached (for the embedded keys).
 */
export async function createZooApi(config: ZooConfig, localOrigin: string, logger?: Logger): Promise<Api> {
  const auth = await setUpAuth(config, localOrigin);
  return createApi({
    title: 'Zoo API',
    version: 1,
    basePath: config.basePath,
    publicUrl: config.publicUrl,
    collections: [employeesCollection()],
    auth: auth.authenticator,
    mounts: auth.mounts,
    ...(logger ? { logger } : {}),
  });
}
