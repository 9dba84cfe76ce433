import type { RouteDefinition } from '../vocabulary/context.js';
import type { CompiledHooks } from './compile-hooks.js';

/** A route as the router keeps it: its definition and the hooks compiled for it. */
export interface CompiledRoute {
  readonly definition: RouteDefinition;
  readonly hooks: CompiledHooks;
}
