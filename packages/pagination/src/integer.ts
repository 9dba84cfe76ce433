import { ApiError } from '@corral/errors';

// Plain decimal digits only. Number() alone would also take '', ' 1', '1.0', '1e2', '+1' and
// '0x10', each of which would let two different queries name the same page. Leading zeros are
// accepted ('010' is 10): they are unambiguous, and refusing them would help nobody.
const decimalDigits = /^[0-9]+$/;

// Long enough to recognise what was sent, short enough to keep the message readable.
const shownLength = 50;

/**
 * Reads one integer query value and checks it against an inclusive range.
 *
 * @throws ApiError `invalidQueryParameter` naming the parameter, the value sent and the range.
 */
export function parseIntegerParameter(name: string, raw: string, min: number, max: number, note = ''): number {
  const value = decimalDigits.test(raw) ? Number(raw) : Number.NaN;
  // Beyond the safe range Number() rounds, so a value could pass as a neighbour of what was sent.
  if (Number.isSafeInteger(value) && value >= min && value <= max) return value;
  throw new ApiError(
    'invalidQueryParameter',
    `${name} must be an integer from ${min} to ${max}${note}; got ${showValue(raw)}`,
  );
}

/** The value as sent, quoted and escaped, and cut short if long, for use in an error message. */
export function showValue(raw: string): string {
  if (raw.length <= shownLength) return JSON.stringify(raw);
  let cut = raw.slice(0, shownLength);
  // Do not split a surrogate pair: half of one would show as an escape, not as the character.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${JSON.stringify(cut)}… (${raw.length} characters)`;
}
