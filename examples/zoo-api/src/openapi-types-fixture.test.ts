// The committed types of the zoo's OpenAPI document (test-fixtures/zoo-openapi.ts), as a consumer
// in another repository makes them with the command docs/client.md gives;
// client-openapi.types.test.ts types @corral/client from them. Generating them again from the
// document the zoo serves must give the same text, so the fixture cannot drift from the service.
// After a deliberate change to the document, `npx vitest run <this file> -u` writes it anew.
import { silentLogger } from '@corral/core';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { createZooApi } from './app.js';
import { configFromEnv } from './config.js';

describe('the openapi-typescript types of the zoo document', () => {
  it('are what generating them from the served document gives', async () => {
    const origin = 'http://127.0.0.1:3000';
    const api = await createZooApi(configFromEnv({ STORE: 'memory', PUBLIC_URL: origin }), origin, silentLogger);
    try {
      const answer = await api.fetch(new Request(`${origin}/v1/openapi.json`));
      expect(answer.status).toBe(200);
      const generated = COMMENT_HEADER + astToString(await openapiTS(await answer.json()));
      await expect(generated).toMatchFileSnapshot('../test-fixtures/zoo-openapi.ts');
    } finally {
      await api.close();
    }
  }, 60_000);
});
