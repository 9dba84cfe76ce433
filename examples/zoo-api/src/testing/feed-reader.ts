import http from 'node:http';

/** One event of a feed as it came over the wire. */
export interface WireEvent {
  readonly id: string | undefined;
  readonly event: string;
  readonly data: any;
}

/** A feed being read: its head, the events so far, and waits for more. */
export interface OpenFeed {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** The error body when the feed was refused (status other than 200). */
  readonly refusal: unknown;
  readonly events: WireEvent[];
  /** Resolves when at least `count` events came, rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<WireEvent[]>;
  /** Resolves with the events up to the first that `found` accepts, rejects after `timeoutMs`. */
  waitUntil(found: (event: WireEvent) => boolean, timeoutMs?: number): Promise<WireEvent[]>;
  /** Resolves when the server ended the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

/** Opens a list or record URL as a feed (`Accept: text/event-stream`) with a bearer token. */
export function openFeed(url: string, token: string, headers: Record<string, string> = {}): Promise<OpenFeed> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, ...headers } },
      (response) => {
        response.setEncoding('utf8');
        const events: WireEvent[] = [];
        const waiters = new Set<() => void>();
        let buffered = '';
        let refusalText = '';
        const ended = new Promise<void>((done) => response.once('close', () => done()));
        response.on('data', (chunk: string) => {
          if (response.statusCode !== 200) {
            refusalText += chunk;
            return;
          }
          buffered += chunk.replace(/\r\n?/g, '\n');
          for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
            const event = parseBlock(buffered.slice(0, end));
            buffered = buffered.slice(end + 2);
            if (event) events.push(event);
          }
          for (const wake of waiters) wake();
        });
        response.on('error', () => {});
        response.once('end', () => {
          const feed = {
            status: response.statusCode ?? 0,
            headers: response.headers,
            events,
            ended,
            close,
            waitFor,
            waitUntil,
          };
          if (response.statusCode !== 200)
            resolve({ ...feed, refusal: refusalText ? JSON.parse(refusalText) : undefined });
        });
        function close(): void {
          request.destroy();
        }
        function waitUntil(found: (event: WireEvent) => boolean, timeoutMs = 5_000): Promise<WireEvent[]> {
          return new Promise((done, fail) => {
            const check = () => {
              const at = events.findIndex(found);
              if (at < 0) return;
              waiters.delete(check);
              clearTimeout(timer);
              done(events.slice(0, at + 1));
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`waited for an event, got ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        }
        function waitFor(count: number, timeoutMs = 5_000): Promise<WireEvent[]> {
          return new Promise((done, fail) => {
            const check = () => {
              if (events.length < count) return;
              waiters.delete(check);
              clearTimeout(timer);
              done(events.slice(0, count));
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`waited for ${count} events, got ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        }
        if (response.statusCode === 200)
          resolve({
            status: 200,
            headers: response.headers,
            refusal: undefined,
            events,
            ended,
            close,
            waitFor,
            waitUntil,
          });
      },
    );
    request.on('error', reject);
  });
}

function parseBlock(block: string): WireEvent | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { id, event, data: JSON.parse(data.join('\n')) } : undefined;
}
