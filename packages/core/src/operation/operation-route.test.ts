import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../index.js';
import { silentLogger } from '../http/logger.js';
import { defineOperation } from './define-operation.js';

const repeat = defineOperation({
  name: 'repeat',
  query: z.object({ times: z.coerce.number().int(), word: z.string(), separator: z.string().default(' ') }),
  handler: ({ query }) => ({ text: Array.from({ length: query.times }, () => query.word).join(query.separator) }),
});
const api = createApi({ operations: [repeat], logger: silentLogger });
const get = async (path: string) => {
  const res = await api.fetch(new Request(`http://x${path}`));
  return { status: res.status, body: await res.json() };
};

describe('operation query parameters', () => {
  it('names every missing required parameter instead of what the schema made of its absence', async () => {
    const both = await get('/v1/repeat');
    expect(both.status).toBe(400);
    expect(both.body.errorCode).toBe(1001);
    expect(both.body.message).toBe('Missing required query parameters: times, word');
    expect(both.body.message).not.toContain('NaN');
    expect((await get('/v1/repeat?word=hi')).body.message).toBe('Missing required query parameter: times');
  });

  it('treats parameters with a default as optional', async () => {
    expect(await get('/v1/repeat?times=2&word=hi')).toEqual({ status: 200, body: { text: 'hi hi' } });
  });
});
