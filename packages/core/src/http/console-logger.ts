import type { Logger } from './logger.js';

const levels: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/** JSON lines on the console in pino's shape, for runtimes without Node (or without pino). */
export function consoleLogger(level: string): Logger {
  const threshold = levels[level] ?? 30;
  const line = (value: number, fields: Record<string, unknown>, msg?: string) => {
    if (value < threshold) return;
    const { err, ...rest } = fields;
    const error = err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : err;
    console.log(
      JSON.stringify({
        level: value,
        time: Date.now(),
        ...rest,
        ...(err === undefined ? {} : { err: error }),
        ...(msg === undefined ? {} : { msg }),
      }),
    );
  };
  return {
    info: (fields, msg) => line(30, fields, msg),
    error: (fields, msg) => line(50, fields, msg),
    isLevelEnabled: (name) => (levels[name] ?? 30) >= threshold,
  };
}
