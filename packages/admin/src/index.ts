export { type AdminOptions, admin } from './plugin.js';
export type {
  AdminCollection,
  AdminFilter,
  AdminModel,
  AdminRelation,
  AdminSignIn,
  AdminVersion,
  JsonSchema,
} from './model-types.js';
