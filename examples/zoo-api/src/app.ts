import { createApi, type Api, type Logger } from '@corral/core';
import { employeesCollection } from './collections/employees.js';
import type { ZooConfig } from './config.js';

/** The zoo API as a value: every collection declared once, assembled by Corral. */
export function createZooApi(config: Pick<ZooConfig, 'publicUrl' | 'basePath'>, logger?: Logger): Api {
  return createApi({
    title: 'Zoo API',
    version: 1,
    basePath: config.basePath,
    publicUrl: config.publicUrl,
    collections: [employeesCollection()],
    ...(logger ? { logger } : {}),
  });
}
