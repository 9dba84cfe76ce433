import type { AnyCollection } from './define-collection.js';

/**
 * The parent key the server sets from the path, because the schema does not hold it (so clients
 * never write it); undefined when the collection has no parent or its schema holds the key.
 * One rule for the handlers and for documentation generators.
 */
export function serverParentField(collection: AnyCollection): string | undefined {
  const parent = collection.parent;
  return parent && !Object.hasOwn(collection.schema.shape, parent.field) ? parent.field : undefined;
}
