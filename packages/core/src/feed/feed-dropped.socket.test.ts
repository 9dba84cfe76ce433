import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../http/exchange.js';
import { openSse, type SseConnection } from '../testing/sse-client.js';
import { feedApi } from './feed-api.case.test.js';

let served: Awaited<ReturnType<typeof feedApi>> | undefined;
const streams: SseConnection[] = [];

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await served?.close();
  served = undefined;
});

describe('a feed answer that never goes out', () => {
  it('does not count against the client when a hook replaces it', async () => {
    let refuse = 2;
    served = await feedApi({
      streamsPerClient: 1,
      hooks: {
        onSend: (_context, response) =>
          response.headers['content-type'] === 'text/event-stream' && refuse-- > 0
            ? jsonResponse(503, { error: 'busy' })
            : undefined,
      },
    });
    const headers = { authorization: 'Bearer reader' };
    for (const status of [503, 503, 200]) {
      const connection = await openSse(served.port, '/v1/animals', headers);
      streams.push(connection);
      expect(connection.status).toBe(status);
    }
  });
});
