export { createClient, type CorralClient } from './client.js';
export type { ClientOptions } from './client-options.js';
export {
  CollectionClient,
  type BulkOptions,
  type ChosenFields,
  type Created,
  type FieldName,
  type ListedRecord,
  type ListOptions,
  type ListOptionsOf,
  type Selected,
  type SelectedRecord,
  type Target,
} from './collection.js';
export { ConflictError, CorralClientError, type ErrorDetails, type FieldError } from './errors.js';
export type { ClientErrorKind } from './error-kinds.js';
export type { ClientRecordBase, Followed } from './follow.js';
export type { FilterArgument, FilterInput } from './filters.js';
export type {
  CollectionTypes,
  Declaration,
  DeclaredOperators,
  Embedded,
  EmbeddedRecord,
  FilterOf,
  Named,
  NameOf,
  NoFilters,
  NoLinks,
  RecordData,
  RecordOfTarget,
  Target as LinkTarget,
} from './declared.js';
export type { ChosenExpansions, EmbeddedPage, ExpandHead, ExpandName, Expanded, WithExpansions } from './expansions.js';
export type { Job, JobStatus } from './jobs.js';
export type { Feed } from './feed.js';
export type { WatchOptions } from './watch-options.js';
export type { ChangeEvent, FeedEvent, ResetEvent } from './feed-events.js';
export type { FeedTransport } from './feed-connection.js';
export type {
  FilterNameOf,
  FilterParameter,
  Listed,
  ListParameter,
  OpenApiFilters,
  OpenApiFilterValue,
  OperatorOf,
} from './openapi-filters.js';
export type {
  CollectionNameOf,
  ExpandableRel,
  FollowedTarget,
  IntersectionOf,
  ListBody,
  ListedRecordOf,
  ListQuery,
  OpenApiShape,
  OpenApiTypes,
  PageItem,
  PropertyOf,
  WholeForm,
} from './openapi-types.js';
export { hrefOf, type Link, type Linked } from './links.js';
export type { Page } from './page.js';
export type { PageStart } from './paging.js';
export type { RootDocument } from './root.js';
export type { Read, WriteOptions } from './resources.js';
export type { RetryOptions } from './retry.js';
export type {
  ClientRecord,
  CollectionShape,
  FollowAny,
  LinkedRecord,
  RecordFollow,
  RecordJson,
  RecordRef,
  RecordWatch,
  RelOf,
  TypedLink,
  UntypedShape,
} from './shapes.js';
export type { ChangeKind, ShapeOf, WebhookChange, WebhookEvent, WebhookPayload } from './webhook-events.js';
export type {
  CreatedWebhook,
  NewWebhook,
  RotatedWebhookSecret,
  WebhookChanges,
  WebhookDeadLetter,
  WebhookDelivery,
  WebhookEventName,
  WebhookPageOptions,
  WebhookSubscription,
} from './webhook-subscriptions.js';
export { WebhooksClient } from './webhooks.js';
export {
  verifyWebhook,
  type VerifyWebhookOptions,
  type WebhookRefusal,
  WebhookVerificationError,
} from './webhook-verify.js';
export { staticToken, type ClientCredentialsOptions, type TokenSource } from './tokens.js';
// The plumbing a CollectionClient is built from; exported for its constructor's signature and for your own extensions.
export { EtagCache, type Remembered } from './etag-cache.js';
export { Resources } from './resources.js';
export type { Answer, Outgoing, Send } from './transport.js';
