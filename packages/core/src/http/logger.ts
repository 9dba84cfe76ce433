/** The logging calls Corral makes; a pino logger fits as it is. */
export interface Logger {
  info(fields: Record<string, unknown>, message?: string): void;
  error(fields: Record<string, unknown>, message?: string): void;
}

/** Default: failures go to stderr as one JSON line each; nothing else is logged. */
export const stderrLogger: Logger = {
  info() {},
  error(fields, message) {
    const { err, ...rest } = fields;
    const stack = err instanceof Error ? err.stack : String(err);
    process.stderr.write(`${JSON.stringify({ level: 'error', time: Date.now(), msg: message, ...rest, stack })}\n`);
  },
};
