import { failure } from './failures.js';
import { pageOf, type Page } from './page.js';
import type { Resources, WriteOptions } from './resources.js';
import type { UntypedShape } from './shapes.js';
import type { Answer } from './transport.js';
import type {
  CreatedWebhook,
  NewWebhook,
  RotatedWebhookSecret,
  WebhookChanges,
  WebhookDeadLetter,
  WebhookDelivery,
  WebhookPageOptions,
  WebhookSubscription,
} from './webhook-subscriptions.js';

type Json = Record<string, unknown>;

/** The subscription and the secret of an answer: `{ ...subscription, secret }` or `{ subscription, secret }`. */
function withSecret(answer: Answer, request: string): { subscription: Json | undefined; secret: string } {
  const body = answer.body as Json | undefined;
  if (body === null || typeof body !== 'object' || typeof body.secret !== 'string')
    throw failure('protocol', request, `${request} answered no signing secret`, { status: answer.status });
  const { secret, subscription, ...rest } = body as Json & { secret: string };
  if (subscription !== null && typeof subscription === 'object') return { subscription: subscription as Json, secret };
  return { subscription: typeof rest.id === 'string' ? rest : undefined, secret };
}

const paged = (url: string, { offset, limit }: WebhookPageOptions): string => {
  const query = new URLSearchParams();
  if (offset !== undefined) query.set('offset', String(offset));
  if (limit !== undefined) query.set('limit', String(limit));
  return query.size === 0 ? url : `${url}?${query}`;
};

/**
 * The API's webhook subscriptions (`<baseUrl>/webhooks`): each is seen and changed only by the
 * client or person that made it, and receives the events its maker's scopes may read.
 */
export class WebhooksClient<Api extends object = Record<string, UntypedShape>> {
  readonly #resources: Resources;
  readonly #collection: string;

  /** Built by `createClient`: `base` is the API version's root. */
  constructor(resources: Resources, base: string) {
    this.#resources = resources;
    this.#collection = `${base}/webhooks`;
  }

  #url(id: string): string {
    if (typeof id !== 'string' || id === '')
      throw failure('usage', `${this.#collection}/?`, `A webhook subscription id must be a non-empty string`);
    return `${this.#collection}/${encodeURIComponent(id)}`;
  }

  /** Subscribes `url` to `events`; the answer's secret (`whsec_...`) is shown this once. */
  async create(subscription: NewWebhook<Api>, signal?: AbortSignal): Promise<CreatedWebhook<Api>> {
    const answer = await this.#resources.post(this.#collection, subscription, {}, signal);
    const made = withSecret(answer, `POST ${this.#collection}`);
    if (!made.subscription)
      throw failure('protocol', `POST ${this.#collection}`, 'The answer holds no subscription', {
        status: answer.status,
      });
    // Remembered as a read would: an update right after sends its tag.
    this.#resources.etags.set(this.#url(String(made.subscription.id)), answer.headers.etag, made.subscription);
    return { subscription: made.subscription as unknown as WebhookSubscription<Api>, secret: made.secret };
  }

  /** A page of your subscriptions (`client.all(page)` walks them all). */
  async list(options: WebhookPageOptions = {}): Promise<Page<WebhookSubscription<Api>>> {
    const url = paged(this.#collection, options);
    return pageOf(this.#resources, await this.#resources.readWithPosition(url, options.signal), url);
  }

  /** One subscription; its tag is remembered for `update` and `delete`. */
  async get(id: string, signal?: AbortSignal): Promise<WebhookSubscription<Api>> {
    return (await this.#resources.read(this.#url(id), signal)) as WebhookSubscription<Api>;
  }

  /**
   * Changes a subscription (a merge patch) with `If-Match`: the tag of what this client last read
   * or wrote of it, read first when it has none. A change made elsewhere since is a `ConflictError`.
   */
  async update(
    id: string,
    changes: WebhookChanges<Api>,
    options: WriteOptions = {},
  ): Promise<WebhookSubscription<Api>> {
    const url = this.#url(id);
    if (options.ifMatch === undefined && !this.#resources.etags.get(url))
      await this.#resources.read(url, options.signal);
    return (await this.#resources.write('PATCH', url, changes, options)).body as WebhookSubscription<Api>;
  }

  /** Deletes a subscription, with `If-Match` when this client read it; nothing more is delivered. */
  async delete(id: string, options: WriteOptions = {}): Promise<void> {
    await this.#resources.write('DELETE', this.#url(id), undefined, options);
  }

  /** A new signing secret; the old one stays valid for the API's grace period (both sign meanwhile). */
  async rotateSecret(id: string, signal?: AbortSignal): Promise<RotatedWebhookSecret<Api>> {
    const url = this.#url(id);
    const answer = await this.#resources.post(`${url}/secret`, undefined, {}, signal);
    this.#resources.etags.forget(url); // the subscription changed: its tag is stale
    const { subscription, secret } = withSecret(answer, `POST ${url}/secret`);
    return { secret, subscription: subscription as unknown as WebhookSubscription<Api> | undefined };
  }

  /** A page of a subscription's delivery attempts, newest first. */
  async deliveries(id: string, options: WebhookPageOptions = {}): Promise<Page<WebhookDelivery>> {
    const url = paged(`${this.#url(id)}/deliveries`, options);
    return pageOf(this.#resources, await this.#resources.readWithPosition(url, options.signal), url);
  }

  /** A page of a subscription's dead letters (events whose retries ran out), newest first. */
  async deadLetters(id: string, options: WebhookPageOptions = {}): Promise<Page<WebhookDeadLetter>> {
    const url = paged(`${this.#url(id)}/dead-letters`, options);
    return pageOf(this.#resources, await this.#resources.readWithPosition(url, options.signal), url);
  }

  /** Sends the event at `position` (from `deliveries` or `deadLetters`) again, with its `webhook-id` unchanged. */
  async resend(id: string, position: string, signal?: AbortSignal): Promise<void> {
    await this.#resources.post(`${this.#url(id)}/deliveries`, { position }, {}, signal);
  }
}
