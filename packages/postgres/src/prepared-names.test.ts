import { describe, expect, it } from 'vitest';
import { PreparedNames, preparedStatementDefaults } from './prepared-names.js';

describe('PreparedNames', () => {
  it('names each text once, and judges once whether it only reads', () => {
    const names = new PreparedNames(preparedStatementDefaults);
    const read = names.of('SELECT 1', false);
    expect(read).toEqual({ name: 'corral_1', reads: true });
    expect(names.of('SELECT 1', false)).toBe(read);
    expect(names.of('DELETE FROM t', false)).toEqual({ name: 'corral_2', reads: false });
  });

  it('names no statement planned each time', () => {
    const names = new PreparedNames(preparedStatementDefaults);
    expect(names.of('SELECT 1', true).name).toBeUndefined();
    expect(names.held.entries).toBe(0);
  });

  it('runs texts past its number of entries unnamed, and keeps the names it gave', () => {
    const names = new PreparedNames({ maxEntries: 2, maxBytes: 1_000_000 });
    for (let n = 0; n < 1_000; n++) names.of(`SELECT ${n}`, false);
    expect(names.held.entries).toBe(2);
    expect(names.of('SELECT 1', false).name).toBe('corral_2');
    expect(names.of('SELECT 999', false)).toEqual({ name: undefined, reads: undefined });
  });

  it('runs texts past its bytes unnamed, each text weighing at least its length', () => {
    const maxBytes = 64 * 1024;
    const names = new PreparedNames({ maxEntries: 1_000_000, maxBytes });
    const text = (n: number) => `SELECT ${'"column", '.repeat(50)}${n}`;
    for (let n = 0; n < 10_000; n++) names.of(text(n), false);
    expect(names.held.bytes).toBeLessThanOrEqual(maxBytes);
    expect(names.held.entries).toBeLessThanOrEqual(Math.floor(maxBytes / text(0).length));
    expect(names.held.entries).toBeGreaterThan(0);
  });

  it('prepares nothing with a bound of 0', () => {
    const names = new PreparedNames({ maxEntries: 0, maxBytes: 1_000 });
    expect(names.of('SELECT 1', false).name).toBeUndefined();
  });
});
