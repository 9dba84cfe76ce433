import type { pino as Pino } from 'pino';
import { consoleLogger } from './console-logger.js';

/** The logging calls Corral makes; a pino logger fits as it is. */
export interface Logger {
  /** One line per finished request: id, method, path, status and duration. */
  info(fields: Record<string, unknown>, message?: string): void;
  /** A request that failed with a 5xx; `err` holds what was thrown. */
  error(fields: Record<string, unknown>, message?: string): void;
  /** Lets the pipeline skip building an access-log line nobody will see (pino has it). */
  isLevelEnabled?(level: 'info' | 'error'): boolean;
  /** Writes out whatever is still buffered; `api.close()` calls it (pino has it). */
  flush?(callback?: (error?: Error) => void): void;
}

/**
 * Default: pino writing one JSON line per request to stdout, and failures with their stack under
 * `err`. `LOG_LEVEL=error` keeps only failures, `silent` nothing.
 *
 * The destination is asynchronous: a synchronous write to stdout per request costs a server about
 * half its throughput. Lines written while an earlier write is still under way go out together in
 * the next one, so nothing waits for a buffer to fill. `api.close()` flushes, and pino flushes
 * synchronously when the process exits, so a stop loses no line.
 */
export function defaultLogger(): Logger {
  const level = globalThis.process?.env?.LOG_LEVEL ?? 'info';
  const pino = loadPino();
  return pino ? pino({ level, base: undefined }, pino.destination({ dest: 1, sync: false })) : consoleLogger(level);
}

/**
 * pino, required from the running Node. It is loaded this way, not imported, because pino needs
 * Node's modules and the main entry must load on any runtime; elsewhere (or when a bundle left
 * pino out) there is none and the console serves.
 */
function loadPino(): typeof Pino | undefined {
  try {
    const modules = globalThis.process?.getBuiltinModule?.('node:module');
    return modules ? (modules.createRequire(import.meta.url)('pino') as { pino: typeof Pino }).pino : undefined;
  } catch {
    return undefined;
  }
}

/** A logger that drops everything, for tests and benchmarks. */
export const silentLogger: Logger = { info() {}, error() {}, isLevelEnabled: () => false };
