import { CorralError } from '@corral/errors';

/** How feeds (`Accept: text/event-stream`) behave: open streams per client and the heartbeat; see docs/realtime.md. */
export interface FeedOptions {
  /** Most streams one client (the token's subject, else the address) may hold open at once; default 100. */
  readonly streamsPerClient?: number;
  /** Milliseconds between heartbeat comments on an idle stream; default 15,000. */
  readonly heartbeatInterval?: number;
}

/** The settings feeds run with: fixed values, and the count of open streams by client. */
export interface FeedSettings {
  readonly streamsPerClient: number;
  readonly heartbeatInterval: number;
  /** The `retry:` hint a stream starts with, in milliseconds. */
  readonly retry: number;
  readonly open: StreamCounts;
}

/** Open streams by client, so that one client cannot hold them all. */
export class StreamCounts {
  private readonly counts = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Counts one more stream for the client; false (nothing counted) when it holds the limit already. */
  take(client: string): boolean {
    const held = this.counts.get(client) ?? 0;
    if (held >= this.limit) return false;
    this.counts.set(client, held + 1);
    return true;
  }

  /** One of the client's streams ended. */
  release(client: string): void {
    const held = this.counts.get(client) ?? 0;
    if (held <= 1) this.counts.delete(client);
    else this.counts.set(client, held - 1);
  }

  /** How many the client holds (for tests). */
  held(client: string): number {
    return this.counts.get(client) ?? 0;
  }
}

const positiveInteger = (value: number) => Number.isSafeInteger(value) && value > 0;

/** The settings from createApi's options, checked once at startup. */
export function feedSettingsOf(options: FeedOptions): FeedSettings {
  const streamsPerClient = options.streamsPerClient ?? 100;
  const heartbeatInterval = options.heartbeatInterval ?? 15_000;
  if (!positiveInteger(streamsPerClient))
    throw new CorralError(
      'CORRAL_INVALID_FEED_OPTION',
      `streamsPerClient must be a positive integer, not ${streamsPerClient}`,
    );
  if (!positiveInteger(heartbeatInterval))
    throw new CorralError(
      'CORRAL_INVALID_FEED_OPTION',
      `heartbeatInterval must be a positive integer of milliseconds, not ${heartbeatInterval}`,
    );
  return { streamsPerClient, heartbeatInterval, retry: 3000, open: new StreamCounts(streamsPerClient) };
}
