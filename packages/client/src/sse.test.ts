import { describe, expect, it } from 'vitest';
import { type SseItem, SseParser } from './sse.js';

/** Feeds the chunks one after the other and gathers every item. */
function parse(...chunks: string[]): SseItem[] {
  const parser = new SseParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

const event = (name: string, data: string, lastEventId = '') => ({
  kind: 'event',
  value: { event: name, data, lastEventId },
});

describe('SseParser', () => {
  it('reads id, event and data, and dispatches at the blank line', () => {
    expect(parse('id: 7\nevent: updated\ndata: {"id":"1"}\n\n')).toEqual([event('updated', '{"id":"1"}', '7')]);
  });

  it('accepts LF, CRLF and CR line ends, mixed', () => {
    expect(parse('id: 1\r\nevent: created\rdata: a\n\r\nid: 2\rdata: b\r\r')).toEqual([
      event('created', 'a', '1'),
      event('message', 'b', '2'),
    ]);
  });

  it('joins data lines with a newline and drops one space after the colon only', () => {
    expect(parse('data:  two spaces\ndata:none\ndata\n\n')).toEqual([event('message', ' two spaces\nnone\n')]);
  });

  it('puts an event together from chunks cut anywhere, a CRLF split between two included', () => {
    const text = 'id: 12-3\r\nevent: deleted\r\ndata: {"a":1}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++)
      expect(parse(text.slice(0, cut), text.slice(cut))).toEqual([event('deleted', '{"a":1}', '12-3')]);
    expect(parse(...text.split(''))).toEqual([event('deleted', '{"a":1}', '12-3')]);
  });

  it('gives comments and digit-only retry hints, and ignores unknown fields and bad retries', () => {
    expect(parse(': heartbeat\nretry: 2500\nretry: 1.5\nfoo: bar\n:\n')).toEqual([
      { kind: 'comment', text: ' heartbeat' },
      { kind: 'retry', ms: 2500 },
      { kind: 'comment', text: '' },
    ]);
  });

  it('carries the last id over to later events, ignores an id with NUL, and dispatches nothing for no data', () => {
    const parser = new SseParser();
    expect(parser.push('id: 5\nevent: reset\n\n')).toEqual([]);
    expect(parser.lastEventId).toBe('5');
    expect(parser.push('data: x\n\nid: a\0b\ndata: y\n\n')).toEqual([
      event('message', 'x', '5'),
      event('message', 'y', '5'),
    ]);
  });

  it('does not count an event the stream ended before its blank line', () => {
    const parser = new SseParser();
    expect(parser.push('id: 9\nevent: created\ndata: {}\n')).toEqual([]);
    expect(parser.lastEventId).toBe('');
  });
});
