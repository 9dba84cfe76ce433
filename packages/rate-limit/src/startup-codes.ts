import { defineStartupCodes } from '@corral/errors';

/** The startup code of the rate-limit policies. */
export const rateLimitStartupCodes = defineStartupCodes('@corral/rate-limit', {
  CORRAL_INVALID_RATE_LIMIT:
    'A rate-limit policy is not usable: a limit or window that is not a positive whole number, or a policy name with other characters than letters, digits, `_`, `.` and `-`.',
});
