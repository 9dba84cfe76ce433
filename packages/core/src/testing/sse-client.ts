import { request, type IncomingHttpHeaders } from 'node:http';

/** One block of a Server-Sent Events stream, its fields as sent. */
export interface SseBlock {
  readonly id?: string;
  readonly event?: string;
  readonly data?: string;
  readonly retry?: string;
  /** Comment lines (after the `:`). */
  readonly comments: readonly string[];
}

/** A stream opened by {@link openSse}. */
export interface SseConnection {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The body of an answer that is not a stream (an error), parsed as JSON. */
  readonly body: unknown;
  /** The next block, comments and retry hints included; rejects after `ms` without one. */
  next(ms?: number): Promise<SseBlock>;
  /** The next block that is an event (has `data:`). */
  nextEvent(ms?: number): Promise<SseBlock>;
  /** Blocks received but not yet taken. */
  readonly pending: readonly SseBlock[];
  /** Resolves when the server ended the stream. */
  readonly ended: Promise<void>;
  /** Stops reading from the socket (the server's buffers then fill) without closing it. */
  pause(): void;
  /** Closes the connection. */
  close(): void;
}

function parseBlock(text: string): SseBlock {
  const fields: Record<string, string> = {};
  const comments: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) comments.push(line.slice(1).trim());
    else {
      const colon = line.indexOf(':');
      if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
    }
  }
  return { ...fields, comments };
}

/** Opens `path` on 127.0.0.1 with `Accept: text/event-stream` (and the given headers), over a socket. */
export function openSse(port: number, path: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } });
    req.on('error', reject);
    req.on('response', (res) => {
      const blocks: SseBlock[] = [];
      const waiters: ((block: SseBlock | undefined) => void)[] = [];
      let buffer = '';
      let finished = false;
      const ended = new Promise<void>((done) => res.once('close', () => ((finished = true), done(), flush())));
      const flush = () => {
        while (waiters.length > 0 && (blocks.length > 0 || finished)) waiters.shift()!(blocks.shift());
      };
      res.setEncoding('utf8');
      const streaming = res.headers['content-type']?.startsWith('text/event-stream') === true;
      let text = '';
      res.on('data', (chunk: string) => {
        if (!streaming) return void (text += chunk);
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          blocks.push(parseBlock(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        flush();
      });
      const next = (ms = 2000) =>
        new Promise<SseBlock>((taken, failed) => {
          const timer = setTimeout(() => failed(new Error(`no block within ${ms} ms`)), ms);
          waiters.push((block) => {
            clearTimeout(timer);
            if (block) taken(block);
            else failed(new Error('the stream ended'));
          });
          flush();
        });
      const connection: SseConnection = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        get body() {
          return text === '' ? undefined : JSON.parse(text);
        },
        next,
        async nextEvent(ms) {
          for (;;) {
            const block = await next(ms);
            if (block.data !== undefined) return block;
          }
        },
        get pending() {
          return blocks;
        },
        ended,
        pause: () => res.pause(),
        close: () => req.destroy(),
      };
      if (streaming) resolve(connection);
      else res.once('end', () => resolve(connection));
    });
    req.end();
  });
}
