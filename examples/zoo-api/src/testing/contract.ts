import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** JSON pointer escaping (RFC 6901) for one path segment. */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Headers of the transport and of caching, which the document need not name. */
const transportHeaders = new Set([
  'connection',
  'content-length',
  'content-type',
  'date',
  'keep-alive',
  'transfer-encoding',
  'cache-control',
]);

/**
 * The problems of an answer's headers against its documented ones: a header marked `required`
 * that is missing, or a header sent that the response does not name (transport headers aside).
 */
export function headerProblems(
  documented: Record<string, { required?: boolean }> | undefined,
  sent: Headers,
): string[] {
  const names = Object.keys(documented ?? {});
  const known = new Set(names.map((name) => name.toLowerCase()));
  const problems = names
    .filter((name) => documented![name]!.required && !sent.has(name))
    .map((name) => `required header ${name} missing`);
  for (const name of sent.keys())
    if (!transportHeaders.has(name) && !known.has(name)) problems.push(`header ${name} sent but not documented`);
  return problems;
}

interface Template {
  readonly path: string;
  readonly pattern: RegExp;
  readonly literal: number;
}

/**
 * Checks real responses against an OpenAPI 3.1 document: the method must be documented for the
 * path (else the answer must be a 405), the status must be listed, and the body must match its
 * schema. Every schema is taken from the document itself, so nothing is described twice.
 */
export function contractChecker(document: { paths: Record<string, Record<string, unknown>> }) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema(document as object, 'openapi');
  const templates: Template[] = Object.keys(document.paths).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literal: path.replace(/\{[^}]+\}/g, '').length,
  }));
  const checked = new Set<string>();
  const templateFor = (path: string) =>
    templates.filter((t) => t.pattern.test(path)).sort((a, b) => b.literal - a.literal)[0];
  const componentOf = (schema: { $ref?: string }) =>
    schema.$ref?.startsWith('#/components/schemas/')
      ? (document as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas[
          schema.$ref.slice(21)
        ]
      : schema;

  return {
    /**
     * What a strict validating client or proxy would say of a request body: the problems against
     * the documented schema, with readOnly properties refused (as Prism and generated clients do).
     * An empty list means the document allows the body.
     */
    requestProblems(method: string, url: string, body: unknown, mediaType = 'application/json'): string[] {
      const template = templateFor(new URL(url, 'http://x').pathname);
      if (!template) return [`no documented path for ${url}`];
      const operation = document.paths[template.path]![method.toLowerCase()] as
        | { requestBody?: { content: Record<string, { schema: { $ref?: string } }> } }
        | undefined;
      const content = operation?.requestBody?.content[mediaType];
      if (!content) return [`${method} ${template.path} documents no ${mediaType} body`];
      const validate = ajv.getSchema(
        `openapi#/paths/${pointer(template.path)}/${method.toLowerCase()}/requestBody/content/${pointer(mediaType)}/schema`,
      )!;
      const problems = validate(body) ? [] : [ajv.errorsText(validate.errors)];
      const schema = componentOf(content.schema) as {
        properties?: Record<string, { readOnly?: boolean }>;
        items?: { $ref?: string };
      };
      const itemSchema = schema.items ? (componentOf(schema.items) as typeof schema) : schema;
      for (const record of Array.isArray(body) ? body : [body]) {
        for (const key of Object.keys(record as object))
          if (itemSchema.properties?.[key]?.readOnly) problems.push(`${key} is readOnly`);
      }
      return problems;
    },
    /** Operations (method + path template + status) seen so far, for coverage reports. */
    checked,
    /**
     * Checks one answer: its path, method and status documented, its body of the documented
     * schema, and (when `headers` is given) its headers as documented (see {@link headerProblems}).
     */
    check(method: string, url: string, status: number, body: string, headers?: Headers): void {
      const path = new URL(url, 'http://x').pathname;
      // The most literal template wins: /zoos/{id} before /{anything}.
      const template = templateFor(path);
      if (!template) {
        if (![301, 404].includes(status))
          throw new Error(`${method} ${path}: no documented path, yet status ${status}`);
        return;
      }
      const operation = document.paths[template.path]![method.toLowerCase()] as
        | {
            responses: Record<
              string,
              { content?: Record<string, unknown>; headers?: Record<string, { required?: boolean }> }
            >;
          }
        | undefined;
      if (!operation) {
        if (status !== 405 && status !== 301)
          throw new Error(`${method} ${template.path}: method not documented, yet status ${status}`);
        return;
      }
      const response = operation.responses[String(status)];
      if (!response)
        throw new Error(
          `${method} ${template.path}: status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`,
        );
      checked.add(`${method} ${template.path} ${status}`);
      const wrongHeaders = headers ? headerProblems(response.headers, headers) : [];
      if (wrongHeaders.length > 0)
        throw new Error(`${method} ${path} ${status}: headers not as documented: ${wrongHeaders.join('; ')}`);
      const mediaType = response.content && Object.keys(response.content)[0];
      if (!mediaType || method === 'HEAD' || status === 304) {
        if (body !== '') throw new Error(`${method} ${template.path} ${status}: no body documented, yet one was sent`);
        return;
      }
      // A GET that names no fields gets whole records: its answer is held to the first (whole) form.
      const schema = (response.content![mediaType] as { schema: { anyOf?: { $ref?: string }[] } }).schema;
      const whole =
        schema.anyOf?.[1]?.$ref?.includes('Partial') && !new URL(url, 'http://x').searchParams.has('fields');
      const ref = `openapi#/paths/${pointer(template.path)}/${method.toLowerCase()}/responses/${status}/content/${pointer(mediaType)}/schema${whole ? '/anyOf/0' : ''}`;
      const validate = ajv.getSchema(ref);
      if (!validate) throw new Error(`cannot compile ${ref}`);
      const value: unknown = mediaType.includes('json') ? JSON.parse(body) : body;
      if (!validate(value))
        throw new Error(
          `${method} ${path} ${status}: body does not match the document: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 500)}`,
        );
    },
  };
}
