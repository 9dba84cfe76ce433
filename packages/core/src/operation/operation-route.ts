import { ApiError } from '@corral/errors';
import type { RouteDefinition } from '../api/context.js';
import { hasScope, requireScope } from '../auth/require-scope.js';
import { jsonResponse } from '../http/exchange.js';
import { rejectUnknownParameters } from '../http/query-params.js';
import type { AnyOperation } from './define-operation.js';

/** Query string -> plain object: one value as a string, repeated values as an array. */
function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    result[name] = values.length === 1 ? values[0]! : values;
  }
  return result;
}

/** The GET route of an operation: unknown parameters and schema failures are 400s naming the parameter. */
export function operationRoute(operation: AnyOperation): RouteDefinition {
  const accepted = Object.keys(operation.query.shape);
  // A parameter is required when its schema refuses "absent"; worked out once, here.
  const required = accepted.filter((name) => !(operation.query.shape[name] as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success);
  return {
    method: 'GET',
    pattern: `/${operation.name}`,
    checksQuery: true,
    async handler(context) {
      requireScope(context.settings.auth, context.principal, operation.scope);
      rejectUnknownParameters(context.request.query, accepted);
      const missing = required.filter((name) => !context.request.query.has(name));
      if (missing.length > 0) {
        throw new ApiError('invalidQueryParameter', `Missing required query parameter${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
      }
      const parsed = operation.query.safeParse(queryObject(context.request.query));
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue: { path: readonly PropertyKey[]; message: string }) => `${issue.path.map(String).join('.') || 'query'}: ${issue.message}`);
        throw new ApiError('invalidQueryParameter', `Invalid query parameters. ${problems.join('; ')}`);
      }
      const result = await operation.handler({
        query: parsed.data,
        principal: context.principal,
        request: context.request,
        prefix: context.prefix,
        hasScope: (scope) => hasScope(context.settings.auth, context.principal, scope),
        paging: context.settings.paging,
      });
      return jsonResponse(200, result);
    },
  };
}
