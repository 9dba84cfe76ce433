import { describe, expect, it } from 'vitest';
import { defaultRetrySchedule, nextAttempt, retrySchedule } from './retry.js';

const start = Date.UTC(2026, 10, 26, 12);
const second = 1000;
const hour = 3600 * second;
/** The middle of the jitter: random() = 0.5 leaves each wait as scheduled. */
const exact = () => 0.5;

describe('nextAttempt', () => {
  it('ends on a 2xx and disables on 410', () => {
    for (const status of [200, 201, 204, 299])
      expect(nextAttempt({ attempt: 1, firstAttemptAt: start, outcome: { status } })).toEqual({ action: 'done' });
    expect(nextAttempt({ attempt: 3, firstAttemptAt: start, outcome: { status: 410 } })).toEqual({
      action: 'disable',
      reason: 'gone',
    });
  });

  it('follows the default backoff for other answers, timeouts and refused connections', () => {
    const outcomes = [
      { status: 500 },
      { status: 404 },
      { status: 301 },
      { error: { code: 'timeout' as const, message: 'slow' } },
      { error: { code: 'connection-refused' as const, message: 'no' } },
    ];
    const waits = [5, 30, 120, 600, 1800, 3600, 10800, 10800].map((s) => s * second);
    for (const outcome of outcomes) {
      let now = start;
      waits.forEach((wait, index) => {
        const step = nextAttempt({ attempt: index + 1, firstAttemptAt: start, outcome, now, random: exact });
        expect(step).toEqual({ action: 'retry', at: now + wait, delayMs: wait, slowDown: false });
        now += wait;
      });
    }
  });

  it('varies each wait by at most 20% either way', () => {
    const at = (random: number) =>
      nextAttempt({ attempt: 2, firstAttemptAt: start, outcome: { status: 500 }, now: start, random: () => random });
    expect(at(0)).toMatchObject({ delayMs: 24 * second });
    expect(at(0.999999)).toMatchObject({ delayMs: 36 * second });
    expect(at(0.25)).toMatchObject({ delayMs: 27 * second });
  });

  it('retries until 24 h after the first attempt, the last attempt at that moment, then dead-letters', () => {
    let now = start;
    let attempt = 1;
    const times: number[] = [];
    for (;;) {
      const step = nextAttempt({ attempt, firstAttemptAt: start, outcome: { status: 503 }, now, random: exact });
      if (step.action !== 'retry') {
        expect(step).toEqual({ action: 'dead-letter' });
        break;
      }
      times.push(step.at - start);
      now = step.at;
      attempt++;
    }
    expect(times.at(-1)).toBe(24 * hour);
    expect(times.every((time) => time <= 24 * hour)).toBe(true);
    // 6 early steps, 3-hourly ones from about 1 h 43 min, the last one shortened to end at 24 h.
    expect(times).toHaveLength(14);
  });

  it('slows down on 429, 502 and 504, honouring Retry-After but never below the schedule', () => {
    for (const status of [429, 502, 504]) {
      const long = nextAttempt({
        attempt: 1,
        firstAttemptAt: start,
        outcome: { status, retryAfterMs: 120 * second },
        now: start,
        random: exact,
      });
      expect(long).toEqual({ action: 'retry', at: start + 120 * second, delayMs: 120 * second, slowDown: true });
      const short = nextAttempt({
        attempt: 3,
        firstAttemptAt: start,
        outcome: { status, retryAfterMs: 1 * second },
        now: start,
        random: exact,
      });
      expect(short).toMatchObject({ delayMs: 120 * second, slowDown: true });
      expect(
        nextAttempt({ attempt: 1, firstAttemptAt: start, outcome: { status }, now: start, random: exact }),
      ).toMatchObject({
        delayMs: 5 * second,
      });
    }
  });

  it('ignores Retry-After on answers that do not ask to slow down', () => {
    const step = nextAttempt({
      attempt: 1,
      firstAttemptAt: start,
      outcome: { status: 500, retryAfterMs: hour },
      now: start,
      random: exact,
    });
    expect(step).toMatchObject({ delayMs: 5 * second, slowDown: false });
  });

  it('dead-letters when Retry-After reaches past the 24 h', () => {
    const now = start + 23 * hour;
    const step = nextAttempt({
      attempt: 9,
      firstAttemptAt: start,
      outcome: { status: 429, retryAfterMs: 2 * hour },
      now,
    });
    expect(step).toEqual({ action: 'dead-letter' });
  });

  it('takes a schedule of its own', () => {
    const schedule = retrySchedule({ delaysMs: [100, 200], thenEveryMs: 1000, giveUpAfterMs: 2500, jitter: 0 });
    const steps = [1, 2, 3].map((attempt) =>
      nextAttempt({ attempt, firstAttemptAt: start, outcome: { status: 500 }, now: start, schedule }),
    );
    expect(steps.map((step) => step.action === 'retry' && step.delayMs)).toEqual([100, 200, 1000]);
    const late = nextAttempt({
      attempt: 5,
      firstAttemptAt: start,
      outcome: { status: 500 },
      now: start + 2000,
      schedule,
    });
    expect(late).toMatchObject({ action: 'retry', at: start + 2500 });
    expect(
      nextAttempt({ attempt: 6, firstAttemptAt: start, outcome: { status: 500 }, now: start + 2500, schedule }),
    ).toEqual({
      action: 'dead-letter',
    });
  });
});

describe('retrySchedule', () => {
  it('defaults to about 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h for 24 h, +-20%', () => {
    expect(retrySchedule()).toEqual(defaultRetrySchedule);
    expect(defaultRetrySchedule.jitter).toBe(0.2);
    expect(Object.isFrozen(retrySchedule({ thenEveryMs: 10 }))).toBe(true);
  });

  it.each([
    [{ delaysMs: [5000, -1] }, 'delaysMs[1] is -1'],
    [{ thenEveryMs: 1.5 }, 'thenEveryMs is 1.5'],
    [{ giveUpAfterMs: 0 }, 'giveUpAfterMs is 0'],
    [{ jitter: 1 }, 'jitter is 1'],
  ])('refuses %j naming the field', (options, message) => {
    expect(() => retrySchedule(options)).toThrow(
      expect.objectContaining({ code: 'CORRAL_INVALID_WEBHOOK_OPTION', message: expect.stringContaining(message) }),
    );
  });
});
