import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleLogger } from './console-logger.js';

afterEach(() => vi.restoreAllMocks());

describe('consoleLogger', () => {
  it('writes pino-shaped JSON lines at or above its level', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const logger = consoleLogger('error');
    expect(logger.isLevelEnabled?.('info')).toBe(false);
    logger.info({ status: 200 }, 'request');
    logger.error({ status: 500, err: new TypeError('boom') }, 'failed');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '');
    expect(line).toMatchObject({ level: 50, status: 500, msg: 'failed', err: { type: 'TypeError', message: 'boom' } });
    expect(typeof line.time).toBe('number');
  });

  it('writes nothing when silent, and info lines by default', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    consoleLogger('silent').error({}, 'x');
    consoleLogger('unknown-level').info({ a: 1 });
    expect(lines.map((l) => JSON.parse(l))).toEqual([expect.objectContaining({ level: 30, a: 1 })]);
  });
});
