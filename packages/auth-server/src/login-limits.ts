import type { LoginLimits } from './options.js';

/** Failed sign-ins counted per user name and per client address, in fixed windows, in memory. */
export interface LoginAttempts {
  /** Seconds to wait before trying again, or 0 when the attempt may go ahead. */
  waitSeconds(username: string, address: string): number;
  /** Counts a failed attempt against both the user name and the address. */
  failed(username: string, address: string): void;
  /** Takes back one attempt counted with `failed`: for an attempt counted before it turned out right. */
  succeeded(username: string, address: string): void;
}

interface Window {
  count: number;
  readonly endsAt: number;
}

/** Most counters kept; past it the oldest windows are dropped, so a flood of names cannot grow memory. */
const maxCounters = 10_000;

/** Counters of failed sign-ins; `now` is for tests that move the clock. */
export function loginAttempts(limits: LoginLimits = {}, now: () => number = Date.now): LoginAttempts {
  const perUser = limits.perUser ?? 5;
  const perAddress = limits.perAddress ?? 20;
  const windowMs = (limits.windowSeconds ?? 300) * 1000;
  const counters = new Map<string, Window>();
  const current = (key: string) => {
    const window = counters.get(key);
    if (window && window.endsAt <= now()) counters.delete(key);
    else return window;
    return undefined;
  };
  const over = (key: string, limit: number) => {
    const window = current(key);
    return window && window.count >= limit ? Math.ceil((window.endsAt - now()) / 1000) : 0;
  };
  const count = (key: string) => {
    const window = current(key);
    if (window) window.count++;
    else counters.set(key, { count: 1, endsAt: now() + windowMs });
    // Windows are made in time order and all last as long: the oldest come first.
    for (const [oldest, window] of counters) {
      if (counters.size <= maxCounters && window.endsAt > now()) break;
      counters.delete(oldest);
    }
  };
  const takeBack = (key: string) => {
    const window = current(key);
    if (window && window.count > 0) window.count--;
  };
  return {
    waitSeconds: (username, address) =>
      Math.max(over(`user:${username.toLowerCase()}`, perUser), over(`address:${address}`, perAddress)),
    failed(username, address) {
      count(`user:${username.toLowerCase()}`);
      count(`address:${address}`);
    },
    succeeded(username, address) {
      takeBack(`user:${username.toLowerCase()}`);
      takeBack(`address:${address}`);
    },
  };
}
