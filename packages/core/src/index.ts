export { createApi, type Api, type ApiOptions } from './api/create-api.js';
export type { JobRecord, JobRequest, JobResult, JobRunner, JobStatus, JobStore, StoredPrincipal } from './api/job-store.js';
export { memoryJobs, type MemoryJobLimits } from './api/memory-jobs.js';
export type { ApiPlugin, PluginPage, PluginRoute, VersionDescription } from './api/plugin.js';
export type { VersionDefinition } from './api/version-routes.js';
export {
  defineCollection,
  type AnyCollection,
  type Collection,
  type CollectionOptions,
  type CollectionScopes,
  type CountPolicy,
  type FieldOf,
  type LinkSpec,
  type ParentOptions,
  type RecordCheck,
  type RecordOf,
} from './collection/define-collection.js';
export { defineOperation, type AnyOperation, type Operation, type OperationContext, type OperationOptions } from './operation/define-operation.js';
export { defineSearch, type SearchOptions, type SearchResult } from './operation/define-search.js';
export { ApiError, errorCodes, type FieldError } from '@corral/errors';
export type { Link } from '@corral/links';
export type { PagingOptions } from '@corral/pagination';
export type { Authenticator, Principal } from './auth/principal.js';
export type { CorralRequest, CorralResponse } from './http/exchange.js';
export { silentLogger, type Logger } from './http/logger.js';
export { createApiServer, defaultServerSettings, type ServerSettings } from './http/server-settings.js';
export { inputLimits } from './http/input-limits.js';
export { stopGracefully } from './http/graceful-stop.js';
export type { Router, RouteMatch } from './router/router.js';
export * from './store/index.js';
