/**
 * Milliseconds a `Retry-After` value asks to wait: whole seconds, or an HTTP date (measured from
 * `now`). Undefined when absent or unreadable; a date in the past gives 0.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only the date forms HTTP allows contain a letter (a day or month name); Date.parse is lenient otherwise.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
