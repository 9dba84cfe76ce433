import type { RunningService } from '../serve.js';

/** A token of the embedded authorization server's admin client (every scope). */
export async function adminToken(service: RunningService): Promise<string> {
  const res = await fetch(`${service.localOrigin}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('zoo-admin:zoo-admin-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One request to a running service, with its status, ETag and JSON body. */
export async function call(service: RunningService, bearer: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${service.localOrigin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), json: text ? (JSON.parse(text) as any) : undefined };
}
