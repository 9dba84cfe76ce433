/**
 * `@corral/core/testing`: the suites a store, idempotency store or job store written for Corral
 * should pass, and the helpers they run on. They import vitest (and the store suite fast-check):
 * install those beside it to use this entry. Nothing here is part of a running API.
 */
export {
  type Bird,
  type ContentionStores,
  type Egg,
  type Feather,
  type MakesTables,
  madeTables,
  type Nest,
  type OpenedContention,
  type Pen,
  writeContentionCases,
} from './contention-cases.js';
export { changeLogCases, type OpenedChangeLog, readChanges } from './change-log-cases.js';
export { describeEachTransport, type OpenTransport } from './each-transport.js';
export { freshObjectStore } from './fresh-object-store.js';
export { idempotencyStoreCases, type OpenedIdempotency } from './idempotency-store-cases.js';
export { type ConnectionCuts, idempotencyUnitCases, type OpenedUnitDatabase } from './idempotency-unit-cases.js';
export { type JobStoreCaseOptions, jobStoreCases, type OpenedJobs } from './job-store-cases.js';
export { jobFor, jobRequest, settledJob } from './jobs.js';
export {
  type OpenedStores,
  type Part,
  partsInit,
  type StoreCaseOptions,
  storeCases,
  type Thing,
  thingsInit,
} from './store-cases.js';
export { fetchTransport, type SendOptions, socketTransport, type TestResponse, type Transport } from './transport.js';
export { streamingRoute, type TestStream, type TestStreamOptions, testStream } from './test-stream.js';
export { type ClientStream, type StreamServer, type StreamTransport, streamServer } from './stream-clients.js';
export { openSse, type SseBlock, type SseConnection } from './sse-client.js';
export { attemptAt, numericBefore, type OpenedWebhooks, webhookFor, webhookStoreCases } from './webhook-store-cases.js';
