// The practical ceiling: node:http with JSON.stringify and the same work per request.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { authorize, listPage, logRequest, record } from './shared.mjs';

// The contract's headers too: every answer has an X-Request-Id, records and pages an ETag.
const json = (req, res, started, status, body, etag) => {
  const text = JSON.stringify(body);
  const requestId = randomUUID();
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'x-request-id': requestId,
  };
  if (etag) headers.etag = etag;
  res.writeHead(status, headers);
  res.end(text);
  logRequest(requestId, req.method, req.url.split('?')[0], status, started);
};

const server = createServer(async (req, res) => {
  const started = performance.now();
  if (!(await authorize(req.headers.authorization)))
    return json(req, res, started, 401, { message: 'Authentication is required' });
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/v1/employees') return json(req, res, started, 200, listPage(url.searchParams), '"r0"');
  const match = /^\/v1\/employees\/([^/]+)$/.exec(url.pathname);
  const found = match && record(match[1]);
  if (found) return json(req, res, started, 200, found, '"v1"');
  json(req, res, started, 404, { error: 'Not found' });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
