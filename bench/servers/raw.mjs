// The practical ceiling: node:http with JSON.stringify and the same work per request.
import { createServer } from 'node:http';
import { authorize, listPage, record } from './shared.mjs';

const json = (res, status, body) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

const server = createServer(async (req, res) => {
  if (!(await authorize(req.headers.authorization))) return json(res, 401, { message: 'Authentication is required' });
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/v1/employees') return json(res, 200, listPage(url.searchParams));
  const match = /^\/v1\/employees\/([^/]+)$/.exec(url.pathname);
  const found = match && record(match[1]);
  if (found) return json(res, 200, found);
  json(res, 404, { error: 'Not found' });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
