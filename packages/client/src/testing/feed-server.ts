import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A note as the scripted server keeps it. */
export interface Note {
  readonly id: string;
  readonly text: string;
  readonly colour: string;
}

/** A change published through the server, as its log keeps it. */
interface Logged {
  readonly position: number;
  readonly type: 'created' | 'updated' | 'deleted';
  readonly before: Note | undefined;
  readonly after: Note | undefined;
  readonly version: number;
}

/** One feed request as it reached the server. */
export interface FeedRequest {
  readonly url: string;
  readonly accept: string | undefined;
  readonly authorization: string | undefined;
  readonly lastEventId: string | undefined;
}

interface Stream {
  readonly res: ServerResponse;
  readonly path: string;
  readonly colour: string | null;
  readonly token: string;
}

const json = (note: Note) => ({ ...note, links: [{ rel: 'self', href: `/v1/notes/${note.id}` }] });

/**
 * A loopback server speaking Corral's feed wire format for one collection, `notes` (filter `colour`),
 * with the controls a client test needs: publish changes, drop or end the streams, expire a token,
 * prune the log. Positions are decimal numbers; a stream's events use `lineEnd` and go out in
 * pieces of `pieceSize` characters when set (so the client meets events cut anywhere).
 */
export async function startFeedServer(options: { lineEnd?: string; pieceSize?: number } = {}) {
  const eol = options.lineEnd ?? '\n';
  const tokens = new Set(['first']);
  const notes = new Map<string, Note & { version: number }>();
  const log: Logged[] = [];
  const streams = new Set<Stream>();
  const requests: FeedRequest[] = [];
  let oldest = 1;
  let refuse: { status: number; headers?: Record<string, string>; times: number } | undefined;

  const send = (res: ServerResponse, text: string) => {
    const size = options.pieceSize ?? text.length;
    for (let at = 0; at < text.length; at += size) res.write(text.slice(at, at + size));
  };
  const frame = (lines: string[]) => lines.map((line) => line + eol).join('') + eol;
  const inList = (note: Note | undefined, stream: Stream) =>
    note !== undefined && (stream.colour === null || note.colour === stream.colour);
  const belongs = (change: Logged, stream: Stream) => {
    const id = change.after?.id ?? change.before?.id;
    if (stream.path !== '/v1/notes') return stream.path === `/v1/notes/${id}`;
    return inList(change.before, stream) || inList(change.after, stream);
  };
  const deliver = (change: Logged, stream: Stream) => {
    if (!belongs(change, stream)) return;
    const note = change.after ?? change.before!;
    const data = {
      type: change.type,
      collection: 'notes',
      id: note.id,
      version: change.version,
      etag: `"${note.id}-${change.version}"`,
      at: new Date().toISOString(),
      matches: inList(change.after, stream),
      ...(change.after ? { record: json(change.after) } : {}),
    };
    send(stream.res, frame([`id: ${change.position}`, `event: ${change.type}`, `data: ${JSON.stringify(data)}`]));
  };
  const current = () => String(log.length);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const accept = req.headers.accept;
    if (accept?.includes('text/event-stream'))
      requests.push({
        url: req.url ?? '',
        accept,
        authorization: req.headers.authorization,
        lastEventId: req.headers['last-event-id'] as string | undefined,
      });
    if (token === undefined || !tokens.has(token)) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' });
      return res.end(JSON.stringify({ message: 'invalid token' }));
    }
    if (url.pathname === '/v1') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ notes_url: '/v1/notes', links: [{ rel: 'self', href: '/v1' }] }));
    }
    if (refuse !== undefined && refuse.times-- > 0) {
      res.writeHead(refuse.status, { 'content-type': 'application/json', ...refuse.headers });
      return res.end(JSON.stringify({ message: `refused with ${refuse.status}` }));
    }
    const id = /^\/v1\/notes\/([^/]+)$/.exec(url.pathname)?.[1];
    const known = (note: string) => notes.has(note) || log.some((change) => change.after?.id === note);
    if (url.pathname !== '/v1/notes' && (id === undefined || !known(id))) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'no such note' }));
    }
    if (!accept?.includes('text/event-stream')) {
      const listed = [...notes.values()].filter((note) =>
        inList(note, { colour: url.searchParams.get('colour') } as Stream),
      );
      if (id !== undefined && !notes.has(id)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ message: 'no such note' }));
      }
      const body = id
        ? json(notes.get(id)!)
        : { offset: 0, limit: 10, total: listed.length, notes: listed.map(json), links: [] };
      res.writeHead(200, { 'content-type': 'application/json', 'last-event-id': current() });
      return res.end(JSON.stringify(body));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const stream: Stream = { res, path: url.pathname, colour: url.searchParams.get('colour'), token };
    streams.add(stream);
    res.on('close', () => streams.delete(stream));
    const after = req.headers['last-event-id'] as string | undefined;
    if (after === undefined) return;
    if (!/^\d+$/.test(after) || Number(after) < oldest - 1 || Number(after) > log.length)
      return send(res, frame([`id: ${current()}`, 'event: reset', 'data: {"type":"reset","reason":"too old"}']));
    for (const change of log.slice(Number(after))) deliver(change, stream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    tokens,
    requests,
    /** Streams open now. */
    openStreams: () => streams.size,
    /** Writes a change to the log and to every stream it belongs to. */
    publish(type: Logged['type'], note: Note) {
      const before = notes.get(note.id);
      const version = (before?.version ?? 0) + 1;
      if (type === 'deleted') notes.delete(note.id);
      else notes.set(note.id, { ...note, version });
      const change: Logged = {
        position: log.length + 1,
        type,
        before,
        after: type === 'deleted' ? undefined : note,
        version,
      };
      log.push(change);
      for (const stream of streams) deliver(change, stream);
    },
    /** Writes raw text to every open stream. */
    write(text: string) {
      for (const stream of streams) send(stream.res, text);
    },
    /** Cuts every stream's connection. */
    drop() {
      for (const stream of streams) stream.res.socket?.destroy();
    },
    /** Ends every stream, with a `retry:` hint first. */
    end(retryMs: number) {
      for (const stream of streams) stream.res.end(`retry: ${retryMs}${eol}${eol}`);
      streams.clear();
    },
    /** Stops accepting a token and ends the streams it opened with `expired`. */
    expire(token: string) {
      tokens.delete(token);
      for (const stream of streams)
        if (stream.token === token) {
          stream.res.end(frame(['event: expired', 'data: {"type":"expired"}']));
          streams.delete(stream);
        }
    },
    /** Forgets the log up to `position`: resuming before it gets a reset. */
    prune: (position: number) => (oldest = position + 1),
    /** Answers the next `times` requests past the token check with this status. */
    refuseNext: (status: number, times: number, headers?: Record<string, string>) =>
      (refuse = { status, times, headers }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The scripted server {@link startFeedServer} gives. */
export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;
