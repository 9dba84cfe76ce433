// What both hand-written database peers do around their queries: the routes, the answers with
// their headers, and for writes the body checked as Corral checks it (JSON media type, 1 MiB at
// most, unknown properties refused, zod) and the version an If-Match names. Each peer supplies
// only its statements.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { itemOf, itemSchema } from './db-items.mjs';

/** A new item: every field, nothing else. */
const newItem = itemSchema.strict();
/** A merge patch of an item: some fields; null never passes (every field is required). */
const itemPatch = itemSchema.partial().strict();

const bodyLimit = 1024 * 1024;
const jsonType = /^application\/json\s*(?:;|$)/i;
const patchType = /^application\/(?:merge-patch\+)?json\s*(?:;|$)/i;

/** Sends `text` (JSON) or no body, with the request id every answer has. */
function answer(res, status, text, headers) {
  res.writeHead(status, {
    // A 204 has neither a body nor its length.
    ...(text === undefined
      ? {}
      : { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }),
    'x-request-id': randomUUID(),
    ...headers,
  });
  res.end(text);
}

/** The error answers the peers give, Corral's statuses with short bodies. */
const refusal = (res, status, message) => answer(res, status, JSON.stringify({ message }));

/** The body validated by `schema`: { data }, or { status, message } to refuse it with. */
async function readItem(req, schema, patch = false) {
  if (!(patch ? patchType : jsonType).test(req.headers['content-type'] ?? ''))
    return { status: 415, message: 'Send Content-Type: application/json' };
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    if ((size += chunk.length) > bodyLimit) return { status: 413, message: 'Body too large' };
    chunks.push(chunk);
  }
  let body;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return { status: 400, message: 'Body is not JSON' };
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? { data: parsed.data } : { status: 422, message: parsed.error.issues[0].message };
}

/**
 * The version an If-Match header names: undefined without one or for `*` (any version), -1 for a
 * tag that is no record version (it matches none).
 */
function ifMatchVersion(header) {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*"v(\d{1,9})"\s*$/.exec(header);
  return match ? Number(match[1]) : -1;
}

const recordHeaders = (row) => ({ etag: `"v${row.version}"` });

/** The answer to a write the body of which was checked: 201/200 with the record, or the refusal. */
async function write(res, body, work, status) {
  if (body.status) return refusal(res, body.status, body.message);
  const row = await work(body.data);
  if (typeof row === 'number') return refusal(res, row, row === 412 ? 'Precondition failed' : 'Not found');
  const headers = status === 201 ? { location: `/v1/items/${row.id}`, ...recordHeaders(row) } : recordHeaders(row);
  answer(res, status, JSON.stringify(itemOf(row)), headers);
}

/**
 * A node:http server for the items: `list(url)` and `one(id)` give { text, etag } or undefined;
 * `create(data)` gives the new row; `update(id, version, data)` and `remove(id, version)` the row
 * (or true) or the status that refuses the write (404, 412). `version` is undefined without If-Match.
 */
export function itemServer({ idDigits, list, one, create, update, remove }) {
  const member = new RegExp(`^/v1/items/([1-9][0-9]{0,${idDigits - 1}})$`);
  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://x');
      const id = member.exec(url.pathname)?.[1];
      const collection = url.pathname === '/v1/items';
      const version = () => ifMatchVersion(req.headers['if-match']);
      if (req.method === 'GET' && (id || collection)) {
        const found = id ? await one(id) : await list(url);
        return found ? answer(res, 200, found.text, { etag: found.etag }) : refusal(res, 404, 'Not found');
      }
      if (req.method === 'POST' && collection) return await write(res, await readItem(req, newItem), create, 201);
      if (req.method === 'PATCH' && id)
        return await write(res, await readItem(req, itemPatch, true), (data) => update(id, version(), data), 200);
      if (req.method === 'DELETE' && id) {
        const gone = await remove(id, version());
        return gone === true
          ? answer(res, 204)
          : refusal(res, gone, gone === 412 ? 'Precondition failed' : 'Not found');
      }
      refusal(res, 404, 'Not found');
    } catch (error) {
      // A careful server answers a failed statement instead of dying with it.
      console.error(error);
      if (!res.headersSent) refusal(res, 500, 'Internal error');
    }
  });
}
