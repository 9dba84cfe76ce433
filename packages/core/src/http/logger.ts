import { pino } from 'pino';

/** The logging calls Corral makes; a pino logger fits as it is. */
export interface Logger {
  /** One line per finished request: id, method, path, status and duration. */
  info(fields: Record<string, unknown>, message?: string): void;
  /** A request that failed with a 5xx; `err` holds what was thrown. */
  error(fields: Record<string, unknown>, message?: string): void;
  /** Lets the pipeline skip building an access-log line nobody will see (pino has it). */
  isLevelEnabled?(level: 'info' | 'error'): boolean;
}

/**
 * Default: pino writing one JSON line per request to stdout, and failures with their stack under
 * `err`. `LOG_LEVEL=error` keeps only failures, `silent` nothing.
 */
export function defaultLogger(): Logger {
  return pino({ level: process.env.LOG_LEVEL ?? 'info', base: undefined });
}

/** A logger that drops everything, for tests and benchmarks. */
export const silentLogger: Logger = { info() {}, error() {}, isLevelEnabled: () => false };
