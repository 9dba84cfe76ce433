// The fastest mainstream peer: Fastify 5 with response schemas (its compiled serializer).
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { authorize, listPage, logRequest, record } from './shared.mjs';

const link = { type: 'object', properties: { rel: { type: 'string' }, href: { type: 'string' } } };
const employee = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    yearOfBirth: { type: 'integer' },
    state: { type: 'string' },
    maturity: { type: 'string' },
    links: { type: 'array', items: link },
  },
};
const page = {
  type: 'object',
  properties: {
    offset: { type: 'integer' },
    limit: { type: 'integer' },
    total: { type: 'integer' },
    employees: { type: 'array', items: employee },
    links: { type: 'array', items: link },
  },
};

// The contract's headers too: every answer has an X-Request-Id, records and pages an ETag.
// Fastify's own logger writes two lines per request; the same single access line is written instead.
const app = Fastify({ logger: false });
app.addHook('onSend', async (_request, reply) => {
  reply.header('x-request-id', randomUUID());
});
app.addHook('onResponse', async (request, reply) => {
  logRequest(
    reply.getHeader('x-request-id'),
    request.method,
    request.url.split('?')[0],
    reply.statusCode,
    performance.now() - reply.elapsedTime,
  );
});
app.addHook('onRequest', async (request, reply) => {
  if (!(await authorize(request.headers.authorization)))
    return reply.code(401).send({ message: 'Authentication is required' });
});
app.get('/v1/employees', { schema: { response: { 200: page } } }, async (request, reply) => {
  reply.header('etag', '"r0"');
  return listPage(new URLSearchParams(request.query));
});
app.get('/v1/employees/:id', { schema: { response: { 200: employee } } }, async (request, reply) => {
  const found = record(request.params.id);
  if (!found) return reply.code(404).send({ error: 'Not found' });
  reply.header('etag', '"v1"');
  return found;
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
