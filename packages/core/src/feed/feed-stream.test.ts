import { describe, expect, it } from 'vitest';
import type { StreamSink } from '../http/exchange.js';
import { MemoryChangeLog } from '../store/memory-change-log.js';
import { feedSettingsOf } from './feed-settings.js';
import { feedBody } from './feed-stream.js';
import type { FeedView } from './feed-view.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const view: FeedView = {
  collection: 'things',
  id: undefined,
  concerns: () => true,
  eventFor: async (change) => ({ text: `id: ${change.position}\n\n`, last: false }),
};

/**
 * A sink that behaves as node-stream's does for a client that stopped reading: once `full`, a
 * write cuts the client and fires `closed` before it returns.
 */
function sink() {
  const closed = new AbortController();
  const stopping = new AbortController();
  const written: string[] = [];
  let full = false;
  const open: StreamSink = {
    write(chunk) {
      if (closed.signal.aborted) return false;
      written.push(chunk);
      if (!full) return true;
      closed.abort();
      return false;
    },
    end() {
      closed.abort();
    },
    closed: closed.signal,
    stopping: stopping.signal,
  };
  return { open, written, stopping, fill: () => (full = true) };
}

describe('a feed body', () => {
  it('ends once when its last words cut a slow client: the count and the hub stay right', async () => {
    const log = new MemoryChangeLog();
    const settings = feedSettingsOf({});
    const parts = { log, view, settings, client: 'ann', expiresAt: undefined };
    const slow = sink();
    const other = sink();
    settings.open.take('ann');
    feedBody({ ...parts, from: log.position() }).open(slow.open);
    settings.open.take('ann');
    feedBody({ ...parts, from: log.position() }).open(other.open);
    await pause(5);
    // The server stops while the first client reads nothing: its retry hint cuts it.
    slow.fill();
    slow.stopping.abort();
    expect(settings.open.held('ann')).toBe(1);
    log.append([{ collection: 'things', id: '1', kind: 'updated', version: 2, at: new Date(), data: {} }]);
    await pause(5);
    expect(other.written.some((text) => text.startsWith(`id: ${log.position()}`))).toBe(true);
  });
});
