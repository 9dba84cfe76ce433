import type { Handler } from '../api/context.js';
import { hasScope, requireScope } from '../auth/require-scope.js';
import { jsonResponse } from '../http/exchange.js';
import type { CollectionRuntime } from './runtime.js';

/**
 * OPTIONS on a collection or member path: the methods it supports and which properties this
 * caller may change. Reading it needs the same right as reading the records.
 */
export function optionsHandler(runtime: CollectionRuntime, allow: readonly string[]): Handler {
  const allowHeader = [...allow].sort().join(', ');
  const writableFields = runtime.body.fields;
  return async (context) => {
    const { collection } = runtime;
    requireScope(context.settings.auth, context.principal, collection.scopes.read);
    const mayWrite = hasScope(context.settings.auth, context.principal, collection.scopes.write);
    const body = { allow: allowHeader.split(', '), writable: mayWrite ? [...writableFields] : [], readOnly: [...runtime.body.readOnly] };
    return jsonResponse(200, body, { allow: allowHeader });
  };
}
