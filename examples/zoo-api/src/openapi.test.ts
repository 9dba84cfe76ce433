import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spectralLint } from './testing/spectral.js';
import { startZoo, type RunningZoo } from './testing/start-zoo.js';

let zoo: RunningZoo;
beforeAll(async () => {
  zoo = await startZoo();
});
afterAll(() => zoo.close());

describe('the published OpenAPI document', () => {
  it("passes Spectral's spectral:oas ruleset (including OpenAPI 3.1 schema validation) with no error or warning", async () => {
    const document = await (await fetch(`${zoo.origin}/v1/openapi.json`)).text();
    const { exitCode, findings } = await spectralLint(document, '.spectral.yaml');
    expect(findings.map((p) => `${p.code} at ${p.path.join('.')}: ${p.message}`)).toEqual([]);
    expect(exitCode).toBe(0);
  }, 60_000);

  it('describes every collection, the operations, the token URL and the scopes', async () => {
    const document = await (await fetch(`${zoo.origin}/v1/openapi.json`)).json();
    for (const path of [
      '/v1/zoos',
      '/v1/zoos/{id}',
      '/v1/zoos/{parentId}/animals',
      '/v1/animals/{id}',
      '/v1/employees/{parentId}/salaryStatements/{id}',
      '/v1/customers',
      '/v1/suppliers',
      '/v1/search',
      '/v1/translate',
      '/v1/calculate',
      '/v1/jobs/{id}',
      '/',
    ]) {
      expect(document.paths, path).toHaveProperty([path]);
    }
    expect(document.components.securitySchemes.oauth2.flows.clientCredentials).toMatchObject({
      tokenUrl: '/oauth/token',
      scopes: { 'zoo:read': expect.any(String), 'crm:write': expect.any(String) },
    });
    expect(document.paths['/v1/zoos'].get.security).toEqual([{ oauth2: ['zoo:read'] }]);
    expect(document.paths['/v1'].get.security).toEqual([]);
  });

  it('is public, like the docs page and its assets, which load nothing from elsewhere', async () => {
    expect((await fetch(`${zoo.origin}/v1/openapi.json`)).status).toBe(200);
    const page = await fetch(`${zoo.origin}/v1/docs`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect((await fetch(`${zoo.origin}/v1/docs/swagger-ui-bundle.js`)).status).toBe(200);
    expect((await fetch(`${zoo.origin}/v1/docs/secret.txt`)).status).toBe(404);
  });
});
