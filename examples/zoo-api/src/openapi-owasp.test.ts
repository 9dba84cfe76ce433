import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spectralLint, type SpectralFinding } from './testing/spectral.js';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

type Json = Record<string, unknown>;
let zoo: RunningZoo;
let document: Json;
let findings: SpectralFinding[];

beforeAll(async () => {
  zoo = await startZoo();
  const text = await (await fetch(`${zoo.origin}/v1/openapi.json`)).text();
  document = JSON.parse(text) as Json;
  findings = (await spectralLint(text, '.spectral-owasp.yaml')).findings;
}, 60_000);
afterAll(() => zoo.close());

const at = (path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document);
const shown = (f: SpectralFinding) => `${f.code} at ${f.path.join('.')}`;

/** Component schemas a client sends: those request bodies refer to, and what they refer to in turn. */
function requestSchemaNames(): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const target = (node as Json).$ref;
    if (typeof target === 'string' && !names.has(target.split('/').pop()!)) {
      names.add(target.split('/').pop()!);
      visit(at(['components', 'schemas', target.split('/').pop()!]));
    }
    Object.values(node).forEach(visit);
  };
  for (const item of Object.values(document.paths as Json))
    for (const operation of Object.values(item as Json)) visit((operation as Json).requestBody);
  return names;
}

/** True when a finding points into something the server sends rather than something it reads. */
function isOutput(finding: SpectralFinding, requestSchemas: Set<string>): boolean {
  const path = finding.path.map(String);
  if (path.includes('responses')) return true;
  return path[0] === 'components' && path[1] === 'schemas' && !requestSchemas.has(path[2]!);
}

const operationOf = (f: SpectralFinding) => at(f.path.slice(0, 3)) as Json;

/** A HEAD answer that is documented, only without content: HEAD answers never carry a body. */
const isBodilessHead = (f: SpectralFinding) =>
  f.path[2] === 'head' && f.path[3] === 'responses' && at(f.path.slice(0, 5)) !== undefined;

describe("the OWASP API Security ruleset's findings on the zoo document", () => {
  it('finds every input bounded: parameters, headers and request bodies state lengths, sizes and integer ranges', () => {
    const requestSchemas = requestSchemaNames();
    const bounds = [
      'owasp:api4:2023-string-limit',
      'owasp:api4:2023-array-limit',
      'owasp:api4:2023-integer-limit',
      'owasp:api4:2023-integer-format',
    ];
    const onInputs = findings.filter((f) => bounds.includes(f.code) && !isOutput(f, requestSchemas));
    expect(onInputs.map(shown)).toEqual([]);
    // Free text (a name) cannot have a pattern; it must at least have a length limit.
    const unrestricted = findings.filter(
      (f) => f.code === 'owasp:api4:2023-string-restricted' && !isOutput(f, requestSchemas),
    );
    expect(unrestricted.filter((f) => typeof (at(f.path) as Json).maxLength !== 'number').map(shown)).toEqual([]);
    expect(findings.filter((f) => f.code === 'owasp:api4:2023-integer-format').map(shown)).toEqual([]);
  });

  it('finds no protected operation without its 401, and no unprotected read that is not declared public', () => {
    const reads = findings.filter(
      (f) => f.code === 'owasp:api2:2023-read-restricted' || f.code === 'owasp:api8:2023-define-error-responses-401',
    );
    expect(reads.length).toBeGreaterThan(0);
    for (const finding of reads.filter((f) => !isBodilessHead(f)))
      expect(operationOf(finding).security, shown(finding)).toEqual([]);
  });

  it('finds every 500 documented with its body, except on HEAD, whose answers carry no body', () => {
    const missing = findings.filter((f) => f.code === 'owasp:api8:2023-define-error-responses-500');
    expect(missing.filter((f) => !isBodilessHead(f)).map(shown)).toEqual([]);
  });

  it('finds the servers, the token format and the token lifetime declared', () => {
    const declared = [
      'owasp:api9:2023-inventory-access',
      'owasp:api9:2023-inventory-environment',
      'owasp:api2:2023-jwt-best-practices',
    ];
    expect(findings.filter((f) => declared.includes(f.code)).map(shown)).toEqual([]);
    // The client-credentials grant never has refresh tokens (RFC 6749, 4.4.3); the rule asks for a
    // refresh URL all the same. The document states how long a token lives instead.
    const scheme = at(['components', 'securitySchemes', 'oauth2']) as Json;
    expect(scheme.description).toMatch(/expire 60 minutes after/);
    expect(
      findings.filter((f) => f.code === 'owasp:api2:2023-short-lived-access-tokens').map((f) => f.path.join('.')),
    ).toEqual(['components.securitySchemes.oauth2.flows.clientCredentials']);
    // Plain HTTP only for the loopback address this test serves on.
    for (const finding of findings.filter((f) => f.code === 'owasp:api8:2023-no-server-http'))
      expect(at(finding.path)).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it('documents its rate limits: every answer carries RateLimit, every operation a 429 with Retry-After (with its body, except on HEAD)', () => {
    const rateLimitRules = [
      'owasp:api4:2023-rate-limit',
      'owasp:api4:2023-rate-limit-responses-429',
      'owasp:api4:2023-rate-limit-retry-after',
    ];
    expect(findings.filter((f) => rateLimitRules.includes(f.code) && !isBodilessHead(f)).map(shown)).toEqual([]);
  });

  it('documents CORS: every answer names the origins it is shared with', () => {
    expect(findings.filter((f) => f.code === 'owasp:api8:2023-define-cors-origin').map(shown)).toEqual([]);
  });

  it('leaves no finding but those explained above', () => {
    const explained = new Set([
      'owasp:api4:2023-string-limit',
      'owasp:api4:2023-string-restricted',
      'owasp:api4:2023-array-limit',
      'owasp:api4:2023-integer-limit',
      'owasp:api2:2023-read-restricted',
      'owasp:api8:2023-define-error-responses-401',
      'owasp:api8:2023-define-error-responses-500',
      'owasp:api2:2023-short-lived-access-tokens',
      'owasp:api8:2023-no-server-http',
    ]);
    explained.add('owasp:api4:2023-rate-limit-responses-429'); // on HEAD only, whose 429 has no body (above)
    expect([...new Set(findings.map((f) => f.code))].filter((code) => !explained.has(code))).toEqual([]);
  });
});
