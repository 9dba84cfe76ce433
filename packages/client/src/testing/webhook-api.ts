import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
interface Kept {
  subscription: Json;
  version: number;
  deliveries: Json[];
  deadLetters: Json[];
}

/**
 * A loopback server speaking the webhook subscription routes under `/v1/webhooks` as the API
 * documents them (until the real plugin can be started here): bearer token `good`, ETags, If-Match
 * required on PATCH (428 without, 412 when stale), list envelopes, 201 with the secret shown once.
 */
export async function startWebhookApi() {
  const kept = new Map<string, Kept>();
  const seen: string[] = [];
  let made = 0;
  const secret = () => `whsec_${randomBytes(24).toString('base64')}`;
  const tag = (entry: Kept) => `"${entry.version}"`;
  const send = (res: ServerResponse, status: number, body?: unknown, headers: Json = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...(headers as Record<string, string>) });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const envelope = (name: string, items: Json[], url: URL) => {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    return { offset, limit, total: items.length, [name]: items.slice(offset, offset + limit), links: [] };
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = text === '' ? undefined : (JSON.parse(text) as Json);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push(
      `${req.method} ${url.pathname}${url.search}${req.headers['if-match'] ? ` if-match ${req.headers['if-match']}` : ''}`,
    );
    if (req.headers.authorization !== 'Bearer good') return send(res, 401, { error: 'No valid token' });
    const [, , , id, sub] = url.pathname.split('/'); // '', 'v1', 'webhooks', id, sub
    if (id === undefined && req.method === 'POST') {
      const subscription = { id: `wh${++made}`, url: body?.url, events: body?.events, status: 'active' } as Json;
      if (body?.filter) subscription.filter = body.filter;
      Object.assign(subscription, { createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
      subscription.links = [{ rel: 'self', href: `/v1/webhooks/${subscription.id}` }];
      const entry = { subscription, version: 1, deliveries: [], deadLetters: [] };
      kept.set(subscription.id as string, entry);
      const location = `/v1/webhooks/${subscription.id}`;
      return send(res, 201, { ...subscription, secret: secret() }, { etag: tag(entry), location });
    }
    if (id === undefined)
      return send(
        res,
        200,
        envelope(
          'webhooks',
          [...kept.values()].map((k) => k.subscription),
          url,
        ),
      );
    const entry = kept.get(decodeURIComponent(id));
    if (!entry) return send(res, 404, { error: 'No such subscription' });
    if (sub === 'secret') {
      entry.version++;
      return send(res, 200, { secret: secret() });
    }
    if (sub === 'deliveries' && req.method === 'POST') {
      entry.deliveries.unshift({
        at: new Date().toISOString(),
        position: body?.position,
        webhookId: `${id}-x`,
        durationMs: 0,
      });
      return send(res, 202, { position: body?.position });
    }
    if (sub === 'deliveries') return send(res, 200, envelope('deliveries', entry.deliveries, url));
    if (sub === 'dead-letters') return send(res, 200, envelope('deadLetters', entry.deadLetters, url));
    if (req.method === 'GET') return send(res, 200, entry.subscription, { etag: tag(entry) });
    const ifMatch = req.headers['if-match'];
    if (req.method === 'PATCH' && ifMatch === undefined) return send(res, 428, { error: 'If-Match is required' });
    if (ifMatch !== undefined && ifMatch !== tag(entry)) return send(res, 412, { error: 'Changed meanwhile' });
    if (req.method === 'DELETE') {
      kept.delete(entry.subscription.id as string);
      return send(res, 204);
    }
    entry.subscription = { ...entry.subscription, ...body, updatedAt: new Date().toISOString() };
    entry.version++;
    return send(res, 200, entry.subscription, { etag: tag(entry) });
  }

  const server = createServer((req, res) => void handle(req, res).catch(() => send(res, 500, { error: 'broken' })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/v1`,
    seen,
    /** Adds a delivery attempt to a subscription's log, as the delivery worker would. */
    attempt: (id: string, attempt: Json) => kept.get(id)?.deliveries.unshift(attempt),
    /** Adds a dead letter to a subscription, as the delivery worker would once an event's retries ran out. */
    deadLetter: (id: string, letter: Json) => kept.get(id)?.deadLetters.unshift(letter),
    /** Changes a subscription behind the client's back. */
    touch: (id: string) => void (kept.get(id) && kept.get(id)!.version++),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
