import { defineStartupCodes } from '@corral/errors';

/** The startup code of the paging options. */
export const paginationStartupCodes = defineStartupCodes('@corral/pagination', {
  CORRAL_INVALID_PAGING: 'The paging options break 1 <= defaultLimit <= maxLimit.',
});
