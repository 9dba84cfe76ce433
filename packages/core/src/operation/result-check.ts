import { ApiError } from '@corral/errors';
import type { z } from 'zod';

/** True unless the process says it runs in production; read once, and only where `process` exists. */
function developmentByDefault(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.NODE_ENV !== 'production';
}

/**
 * What to do with an operation's result before it is sent: nothing, or (without `checkResult: false`
 * outside production) a check against the `result` schema. A mismatch becomes a 500 whose cause,
 * with every issue, goes to the log only: the client learns nothing of the handler's internals.
 */
export function resultCheck(
  name: string,
  schema: z.ZodType | undefined,
  enabled: boolean | undefined,
): ((value: unknown) => void) | undefined {
  if (!schema || !(enabled ?? developmentByDefault())) return undefined;
  return (value) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return;
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.map(String).join('.') || '(result)'}: ${issue.message}`,
    );
    throw new ApiError('internalError', 'Internal server error', {
      cause: new Error(
        `Operation "${name}" returned a result that does not match its result schema: ${issues.join('; ')}`,
      ),
    });
  };
}
