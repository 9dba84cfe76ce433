export { createApi, type Api, type ApiOptions } from './api/create-api.js';
export type { FeedOptions } from './feed/feed-settings.js';
export type {
  JobRecord,
  JobRequest,
  JobResult,
  JobRunner,
  JobStatus,
  JobStore,
  StoredPrincipal,
} from './jobs/job-store.js';
export { memoryJobs, type MemoryJobLimits } from './jobs/memory-jobs.js';
export { finishedStatus, type JobLease, jobDefaults, runJobRequest, unexpectedJobFailure } from './jobs/job-run.js';
export {
  type DeadLetter,
  type FailingDelivery,
  type HeldStep,
  type NewWebhookSubscription,
  type WebhookAttempt,
  type WebhookChanges,
  type WebhookLease,
  type WebhookOutcome,
  type WebhookPage,
  type WebhookPaging,
  type WebhookSecrets,
  type WebhookStore,
  type WebhookSubscription,
  webhookStoreLimits,
} from './webhooks/webhook-store.js';
export { memoryWebhooks, type WebhookStoreLimits } from './webhooks/memory-webhooks.js';
export { webhookRecords } from './webhooks/webhook-changes.js';
export type { ChangeEvents, EventCollection, EventViewer } from './feed/change-events.js';
export type {
  ApiPlugin,
  DocumentedRoute,
  EndpointTools,
  PluginEndpoint,
  PluginPage,
  PluginRoute,
  PreflightDoc,
  ResponseDoc,
  RouteDocs,
  VersionDescription,
} from './vocabulary/plugin.js';
export type {
  AnswerBody,
  AnswerDoc,
  EndpointAbout,
  HeaderDoc,
  NamedSchema,
  RouteAnswers,
} from './vocabulary/answers.js';
export { everyAnswerHeaders, serverAnswers, servedAnswers, type ServedRoute } from './api/served-answers.js';
export { versionListAnswers } from './api/version-listing.js';
export type { ApiHooks, HookAnswer, RequestHooks } from './vocabulary/hooks.js';
export type {
  CallerContext,
  HandlerContext,
  RequestContext,
  RequestState,
  RouteAccess,
  RouteInfo,
  RouteKind,
  ApiSettings,
} from './vocabulary/context.js';
export type { VersionDefinition } from './api/version-routes.js';
export type { HealthOptions, NotReadyReason } from './api/health.js';
export { cors } from './plugins/cors.js';
export { defaultAllowedHeaders, defaultExposedHeaders, type CorsOptions } from './plugins/cors-options.js';
export {
  defineCollection,
  type AnyCollection,
  type Collection,
  type CollectionOptions,
  type CollectionScopes,
  type CountPolicy,
  type FieldOf,
  type UniqueKey,
  type FilterMap,
  type LinkSpec,
  type ParentOptions,
  type RecordCheck,
  type RecordOf,
} from './collection/define-collection.js';
export {
  filterField,
  filterForms,
  filterOperators,
  operatorsOf,
  type FilterDeclaration,
  type FilterEntry,
  type FilterForm,
  type FilterOperator,
} from './collection/filter-declaration.js';
export { serverParentField } from './collection/parent-field.js';
export {
  listParameters,
  listParametersOf,
  type ListParameter,
  type ListParameterName,
  type ListParameterValue,
} from './collection/list-query.js';
export type { RelationOptions } from './collection/relation-declaration.js';
export type { ExpandOptions, ExpandSettings } from './collection/expand-options.js';
export {
  defineOperation,
  type AnyOperation,
  type NoQuery,
  type Operation,
  type OperationBodyOf,
  type OperationContext,
  type OperationOptions,
  type OperationOptionsWithResult,
  type OperationOptionsWithoutResult,
} from './operation/define-operation.js';
export { defineSearch, type SearchOptions, type SearchResult } from './operation/define-search.js';
export {
  ApiError,
  applicationCodeRange,
  CorralError,
  defineErrorCodes,
  defineStartupCodes,
  errorCodes,
  isCorralError,
  type AppErrorCode,
  type AppErrorCodes,
  type ErrorCodeEntry,
  type FieldError,
  type StartupErrorCode,
} from '@corral/errors';
export type { Link } from '@corral/links';
export type { PagingOptions } from '@corral/pagination';
export type { Authenticator, Principal } from './auth/principal.js';
export type { CorralRequest, CorralResponse, StreamingBody, StreamSink } from './http/exchange.js';
export { silentLogger, type Logger } from './http/logger.js';
export { requestIdFor } from './http/request-id.js';
export type { NodeMounts } from './http/node-handler.js';
export type { NodeServing } from './http/node-serving.js';
export type { NodeListener, NodeServer, SecureServerSettings, ServerSettings } from './http/server-settings.js';
export type { StrictTransportSecurity, TlsOptions } from './http/tls-options.js';
export { inputLimits } from './http/input-limits.js';
// For plugins' own routes: read bodies and query strings as the collection routes do.
export { readJsonBody } from './http/json-body.js';
export { rejectUnknownParameters } from './http/plugin-query.js';
export type { Router, RouteMatch } from './router/router.js';
export * from './store/index.js';
export type {
  ClaimOutcome,
  ClaimRef,
  IdempotencyClaim,
  IdempotencyStore,
  StoredAnswer,
} from './idempotency/idempotency-store.js';
export { memoryIdempotency, type MemoryIdempotencyLimits } from './idempotency/memory-idempotency.js';
export { idempotency, type IdempotencyOptions } from './idempotency/idempotency-plugin.js';
export { coreStartupCodes } from './startup-codes.js';
