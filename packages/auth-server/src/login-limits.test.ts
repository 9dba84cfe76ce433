import { describe, expect, it } from 'vitest';
import { loginAttempts } from './login-limits.js';

describe('loginAttempts', () => {
  it('holds a user name back after its failures, whatever the address, until the window ends', () => {
    const clock = { now: 0 };
    const attempts = loginAttempts({ perUser: 2, perAddress: 100, windowSeconds: 60 }, () => clock.now);
    attempts.failed('Ada', '10.0.0.1');
    expect(attempts.waitSeconds('ada', '10.0.0.2')).toBe(0);
    attempts.failed('ada', '10.0.0.2');
    // Names are compared without case: "Ada" and "ada" share a counter.
    expect(attempts.waitSeconds('ADA', '10.0.0.3')).toBe(60);
    expect(attempts.waitSeconds('bob', '10.0.0.3')).toBe(0);
    clock.now += 45_000;
    expect(attempts.waitSeconds('ada', '10.0.0.3')).toBe(15);
    clock.now += 15_000;
    expect(attempts.waitSeconds('ada', '10.0.0.3')).toBe(0);
  });

  it('holds an address back after its failures, whatever the names tried', () => {
    const attempts = loginAttempts({ perUser: 100, perAddress: 3, windowSeconds: 10 }, () => 0);
    for (const name of ['a', 'b', 'c']) attempts.failed(name, '192.0.2.7');
    expect(attempts.waitSeconds('d', '192.0.2.7')).toBe(10);
    expect(attempts.waitSeconds('d', '192.0.2.8')).toBe(0);
  });

  it('takes back an attempt that succeeded, from both counters', () => {
    const attempts = loginAttempts({ perUser: 2, perAddress: 2, windowSeconds: 10 }, () => 0);
    attempts.failed('ada', '192.0.2.7');
    attempts.failed('Ada', '192.0.2.7');
    expect(attempts.waitSeconds('ada', '192.0.2.8')).toBe(10);
    attempts.succeeded('ADA', '192.0.2.7');
    expect(attempts.waitSeconds('ada', '192.0.2.7')).toBe(0);
    // Nothing to take back: no counter goes below zero.
    attempts.succeeded('bob', '192.0.2.9');
    attempts.succeeded('bob', '192.0.2.9');
    attempts.failed('bob', '192.0.2.9');
    expect(attempts.waitSeconds('bob', '192.0.2.9')).toBe(0);
  });
});
