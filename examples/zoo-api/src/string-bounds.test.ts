import { silentLogger } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { createZooApi } from './app.js';
import { configFromEnv } from './config.js';

type Schema = {
  type?: string | string[];
  maxLength?: number;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  $ref?: string;
};

/** Every string in a schema that a client can send without a length bound, as JSON paths. */
function unboundedStrings(
  schema: Schema,
  at: string,
  resolve: (ref: string) => Schema,
  seen = new Set<string>(),
): string[] {
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return [];
    seen.add(schema.$ref);
    return unboundedStrings(resolve(schema.$ref), at, resolve, seen);
  }
  const own =
    schema.type === 'string' &&
    schema.maxLength === undefined &&
    schema.enum === undefined &&
    schema.const === undefined
      ? [at]
      : [];
  return [
    ...own,
    ...Object.entries(schema.properties ?? {}).flatMap(([key, value]) =>
      unboundedStrings(value, `${at}.${key}`, resolve, seen),
    ),
    ...(schema.items ? unboundedStrings(schema.items, `${at}[]`, resolve, seen) : []),
    ...(schema.anyOf ?? []).flatMap((option) => unboundedStrings(option, at, resolve, seen)),
  ];
}

describe('the zoo API bounds every string a client sends', () => {
  it('gives every string of every request body and query parameter a maximum length', async () => {
    const document = await (
      await createZooApi(configFromEnv({ PORT: '0', STORE: 'memory' }), 'http://127.0.0.1:1', silentLogger)
    ).fetch(new Request('http://localhost/v1/openapi.json'));
    const doc = (await document.json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: Schema }> };
            parameters?: { name: string; in: string; schema: Schema }[];
          }
        >
      >;
      components: { schemas: Record<string, Schema> };
    };
    const resolve = (ref: string) => doc.components.schemas[ref.replace('#/components/schemas/', '')]!;
    const found: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (typeof operation !== 'object' || Array.isArray(operation)) continue;
        for (const [type, content] of Object.entries(operation.requestBody?.content ?? {}))
          found.push(...unboundedStrings(content.schema, `${method} ${path} (${type})`, resolve));
        // Path ids and paging parameters are checked by the router and the list rules; query values of operations are user data.
        if (path.endsWith('/translate') || path.endsWith('/calculate')) {
          for (const parameter of operation.parameters ?? [])
            found.push(...unboundedStrings(parameter.schema, `${method} ${path} ?${parameter.name}`, resolve));
        }
      }
    }
    expect(found).toEqual([]);
  });
});
