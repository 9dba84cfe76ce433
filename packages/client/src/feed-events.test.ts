import { describe, expect, it } from 'vitest';
import { feedEventOf } from './feed-events.js';

const request = 'GET http://api.example/v1/notes';
const change = {
  type: 'updated',
  collection: 'notes',
  id: '12',
  version: 4,
  etag: '"abc"',
  at: '2026-01-01T00:00:00.000Z',
  matches: true,
  record: { id: '12', text: 'x', links: [] },
};

describe('feedEventOf', () => {
  it('reads a change, with its position from the SSE id', () => {
    const event = feedEventOf({ event: 'updated', data: JSON.stringify(change), lastEventId: '41-2' }, request);
    expect(event).toEqual({ ...change, position: '41-2' });
  });

  it('leaves out the record of a delete, and reads a reset with its reason', () => {
    const { record: _, ...deleted } = { ...change, type: 'deleted', matches: false };
    expect(feedEventOf({ event: 'deleted', data: JSON.stringify(deleted), lastEventId: '9' }, request)).toEqual({
      ...deleted,
      position: '9',
    });
    const reset = { event: 'reset', data: '{"type":"reset","reason":"position too old"}', lastEventId: '50' };
    expect(feedEventOf(reset, request)).toEqual({ type: 'reset', reason: 'position too old', position: '50' });
  });

  it('passes over events it does not know', () => {
    expect(feedEventOf({ event: 'message', data: 'hello', lastEventId: '' }, request)).toBeUndefined();
    expect(feedEventOf({ event: 'later-kind', data: '{}', lastEventId: '3' }, request)).toBeUndefined();
  });

  it('refuses, as a protocol error naming the field, a change that is no JSON or lacks a field', () => {
    expect(() => feedEventOf({ event: 'created', data: '{"type":', lastEventId: '1' }, request)).toThrow(
      /created event carries no JSON object/,
    );
    const withoutEtag = JSON.stringify({ ...change, etag: undefined });
    expect(() => feedEventOf({ event: 'updated', data: withoutEtag, lastEventId: '1' }, request)).toThrow(
      expect.objectContaining({ kind: 'protocol', message: "The feed's updated event has no valid etag" }),
    );
    const textVersion = JSON.stringify({ ...change, version: '4' });
    expect(() => feedEventOf({ event: 'updated', data: textVersion, lastEventId: '1' }, request)).toThrow(
      /no valid version/,
    );
  });
});
