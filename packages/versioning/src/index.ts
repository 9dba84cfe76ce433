export { normalizeBasePath } from './base-path.js';
export { createVersioning, type Versioning, type VersioningOptions, type VersionListing } from './versioning.js';
export type { VersionedPath } from './match.js';
export { versioningStartupCodes } from './startup-codes.js';
