import { pino } from 'pino';

/** The logging calls Corral makes; a pino logger fits as it is. */
export interface Logger {
  info(fields: Record<string, unknown>, message?: string): void;
  error(fields: Record<string, unknown>, message?: string): void;
}

/**
 * Default: pino writing one JSON line per request to stdout, and failures with their stack under
 * `err`. `LOG_LEVEL=error` keeps only failures, `silent` nothing.
 */
export function defaultLogger(): Logger {
  return pino({ level: process.env.LOG_LEVEL ?? 'info', base: undefined });
}

/** A logger that drops everything, for tests and benchmarks. */
export const silentLogger: Logger = { info() {}, error() {} };
