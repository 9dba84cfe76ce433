import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '../operation/define-operation.js';
import { createApi } from './create-api.js';

function capturingLogger() {
  const lines: { level: string; fields: Record<string, unknown>; message?: string }[] = [];
  return {
    lines,
    info: (fields: Record<string, unknown>, message?: string) =>
      lines.push({ level: 'info', fields, ...(message ? { message } : {}) }),
    error: (fields: Record<string, unknown>, message?: string) =>
      lines.push({ level: 'error', fields, ...(message ? { message } : {}) }),
  };
}

const explode = defineOperation({
  name: 'explode',
  query: z.object({}),
  handler: () => {
    throw new Error('database password is hunter2');
  },
});

describe('request logging', () => {
  it('writes one access line per request with the request id', async () => {
    const logger = capturingLogger();
    const api = createApi({ operations: [explode], logger });
    const res = await api.fetch(new Request('http://x/v1', { headers: { 'x-request-id': 'req-1' } }));
    expect(res.headers.get('x-request-id')).toBe('req-1');
    expect(logger.lines).toEqual([
      {
        level: 'info',
        message: 'request',
        fields: expect.objectContaining({ requestId: 'req-1', method: 'GET', path: '/v1', status: 200 }),
      },
    ]);
  });

  it('logs a 500 with its stack under the request id and sends nothing of it', async () => {
    const logger = capturingLogger();
    const api = createApi({ operations: [explode], logger });
    const res = await api.fetch(new Request('http://x/v1/explode'));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'Internal server error' });
    expect(text).not.toContain('hunter2');
    const requestId = res.headers.get('x-request-id');
    const failure = logger.lines.find((line) => line.level === 'error');
    expect(failure?.fields.requestId).toBe(requestId);
    expect((failure!.fields.err as Error).stack).toContain('hunter2');
  });
});
