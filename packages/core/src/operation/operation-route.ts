import type { RouteDefinition } from '../vocabulary/context.js';
import { accessFor, hasScope } from '../auth/require-scope.js';
import { jsonResponse } from '../http/exchange.js';
import { readJsonBody } from '../http/json-body.js';
import type { AnyOperation } from './define-operation.js';
import { queryReader, validateOperationBody } from './operation-input.js';
import { resultCheck } from './result-check.js';

/**
 * The route of an operation: GET with its query, or POST with its query and JSON body. Bad input
 * is a 4xx in the contract's shape before the handler runs; the result is checked when asked.
 */
export function operationRoute(operation: AnyOperation): RouteDefinition {
  const readQuery = queryReader(operation.query);
  const bodySchema = operation.method === 'POST' ? operation.body : undefined;
  const checkResult = resultCheck(operation.name, operation.result, operation.checkResult);
  return {
    method: operation.method ?? 'GET',
    pattern: `/${operation.name}`,
    kind: 'operation',
    operation: operation.name,
    access: accessFor(operation.scope),
    // A JSON body can be too large (413), of another type (415) or invalid (422).
    answers: {
      success: { 200: { description: 'The result', body: 'operationResult' } },
      errors: bodySchema ? [413, 415, 422] : [],
    },
    checksQuery: true,
    async handler(context) {
      const query = readQuery(context.request.query);
      const body = bodySchema
        ? validateOperationBody(bodySchema, await readJsonBody(context.request, context.settings.bodyLimit))
        : undefined;
      const result: unknown = await operation.handler({
        query,
        body,
        principal: context.principal,
        request: context.request,
        requestId: context.requestId,
        state: context.state,
        get signal() {
          return context.signal;
        },
        prefix: context.prefix,
        hasScope: (scope) => hasScope(context.settings.auth, context.principal, scope),
        paging: context.settings.paging,
      });
      checkResult?.(result);
      return jsonResponse(200, result);
    },
  };
}
