import { defineStartupCodes } from '@corral/errors';

/** The startup codes of the API versions and the base path. */
export const versioningStartupCodes = defineStartupCodes('@corral/versioning', {
  CORRAL_INVALID_BASE_PATH: 'The base path has an empty, "." or ".." segment, or characters a path cannot hold.',
  CORRAL_NO_VERSION: 'No API version is configured.',
  CORRAL_INVALID_VERSION: 'An API version is not a positive whole number.',
  CORRAL_DUPLICATE_VERSION: 'An API version is configured more than once.',
  CORRAL_VERSION_NOT_SERVED: 'The prefix of a version the API does not serve was asked for.',
});
