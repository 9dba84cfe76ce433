import { describe, expect, it } from 'vitest';
import { testStream } from '../testing/test-stream.js';
import { isKept } from './stored-answer.js';

describe('what an idempotency key keeps', () => {
  it('keeps a whole answer, never a streamed one (it cannot be replayed)', () => {
    expect(isKept({ status: 201, headers: {}, body: '{"id":"1"}' })).toBe(true);
    expect(isKept({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: testStream() })).toBe(false);
  });
});
