// What the hand-written peers share: the same records, the same token check, the same page.
import { readFileSync } from 'node:fs';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { pino } from 'pino';

/** Records and token settings written by the runner from the running zoo API, so all servers serve the same data. */
export const fixture = JSON.parse(readFileSync(process.env.BENCH_FIXTURE, 'utf8'));

const keys = createRemoteJWKSet(new URL(fixture.jwksUri));
const verified = new Map();

/**
 * Verifies the bearer token once and remembers its claims until it expires, as the notes
 * recommend; the claims (truthy) when the token may read, else undefined.
 */
export async function authorize(header) {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  if (!token) return undefined;
  const known = verified.get(token);
  if (known && known.exp * 1000 > Date.now()) return known;
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: fixture.issuer,
      audience: fixture.audience,
      algorithms: ['ES256'],
      typ: 'at+jwt',
    });
    if (
      !String(payload.scope ?? '')
        .split(' ')
        .includes('staff:read')
    )
      return undefined;
    if (verified.size > 10_000) verified.clear();
    verified.set(token, payload);
    return payload;
  } catch {
    return undefined;
  }
}

const withLinks = (record) => ({
  ...record,
  links: [
    { rel: 'self', href: `/v1/employees/${record.id}` },
    { rel: 'salary', href: `/v1/employees/${record.id}/salaryStatements` },
  ],
});
const byId = new Map(fixture.records.map((r) => [r.id, r]));

/** The list page: the same envelope, links and paging rules for the default query. */
export function listPage(searchParams) {
  const limit = Number(searchParams.get('limit') ?? 10);
  const offset = Number(searchParams.get('offset') ?? 0);
  const items = fixture.records.slice(offset, offset + limit).map(withLinks);
  const links = [];
  if (offset + limit < fixture.records.length)
    links.push({ rel: 'nextPage', href: `/v1/employees?offset=${offset + limit}&limit=${limit}` });
  if (offset > 0)
    links.push({ rel: 'previousPage', href: `/v1/employees?offset=${Math.max(0, offset - limit)}&limit=${limit}` });
  return { offset, limit, total: fixture.records.length, employees: items, links };
}

export function record(id) {
  const found = byId.get(id);
  return found && withLinks(found);
}

// The access log Corral writes by default: one pino line per request, asynchronous stdout.
const log = pino({ base: undefined }, pino.destination({ dest: 1, sync: false }));

/** One access-log line with the fields Corral logs. */
export function logRequest(requestId, method, path, status, started) {
  log.info({ requestId, method, path, status, ms: Math.round((performance.now() - started) * 100) / 100 }, 'request');
}
