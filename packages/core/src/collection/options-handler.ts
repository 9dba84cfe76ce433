import type { Handler } from '../vocabulary/context.js';
import { hasScope } from '../auth/require-scope.js';
import { jsonResponse } from '../http/exchange.js';
import { findRecord } from './lookup.js';
import type { CollectionRuntime } from './runtime.js';

/**
 * OPTIONS on a collection or member path: the methods it supports and which properties this
 * caller may change. Its route needs the same right as reading the records.
 */
export function optionsHandler(runtime: CollectionRuntime, allow: readonly string[]): Handler {
  const allowHeader = [...allow].sort().join(', ');
  const writableFields = runtime.body.fields;
  return async (context) => {
    const { collection } = runtime;
    // Describing something that does not exist would be a false answer: 404 or 410 as for GET.
    const { id, parentId } = context.params;
    if (id !== undefined) await findRecord(collection, id, parentId);
    else if (parentId !== undefined && collection.parent)
      await findRecord(collection.parent.collection, parentId, undefined);
    const mayWrite = hasScope(context.settings.auth, context.principal, collection.scopes.write);
    const body = {
      allow: allowHeader.split(', '),
      writable: mayWrite ? [...writableFields] : [],
      readOnly: [...runtime.body.readOnly],
    };
    return jsonResponse(200, body, { allow: allowHeader });
  };
}
