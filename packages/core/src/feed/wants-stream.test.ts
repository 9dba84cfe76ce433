import { describe, expect, it } from 'vitest';
import { wantsStream } from './wants-stream.js';

describe('whether a GET asks for the feed', () => {
  it('opens one only when the stream is named and not outweighed by JSON named as well', () => {
    expect(wantsStream('text/event-stream')).toBe(true);
    expect(wantsStream('TEXT/EVENT-STREAM; charset=utf-8')).toBe(true);
    expect(wantsStream('text/event-stream, application/json')).toBe(true);
    expect(wantsStream('text/event-stream;q=0.5, */*')).toBe(true);
    expect(wantsStream('application/json;q=0.9, text/event-stream')).toBe(true);
  });

  it('keeps JSON for everything else', () => {
    expect(wantsStream(undefined)).toBe(false);
    expect(wantsStream('')).toBe(false);
    expect(wantsStream('*/*')).toBe(false);
    expect(wantsStream('text/*')).toBe(false);
    expect(wantsStream('text/event-stream;q=0')).toBe(false);
    expect(wantsStream('application/json, text/event-stream;q=0.5')).toBe(false);
  });
});
