// The document's top-level `webhooks`: with `webhooks: true`, one signed POST per collection and kind
// of change, whose body wraps the feed's change event; Spectral's OpenAPI and OWASP rulesets find
// nothing to say about them.
import { defineCollection } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument } from './index.js';
import { spectralLint } from './testing/spectral.js';
import { refuseAll, versionOf } from './testing/version-of.js';

const zoos = defineCollection({
  name: 'zoos',
  schema: z.object({ name: z.string().max(100), city: z.string().max(100) }),
  scopes: { read: 'zoo:read', write: 'zoo:write' },
});
const animals = defineCollection({
  name: 'animals',
  schema: z.object({ name: z.string().max(100), zooId: z.string().max(40) }),
  parent: { collection: zoos, field: 'zooId' },
  scopes: { read: 'zoo:read', write: 'zoo:write' },
});

type Json = Record<string, any>;
const version = versionOf({ title: 'Zoo', collections: [zoos, animals], auth: refuseAll });
const withWebhooks = openApiDocument(version, {
  tokenUrl: 'https://auth.example/token',
  contact: { name: 'Zoo team' },
  webhooks: true,
}) as Json;

describe('the webhooks the document describes', () => {
  it('names every collection and kind of change, and only when asked', () => {
    expect(Object.keys(withWebhooks.webhooks)).toEqual([
      'zoos.created',
      'zoos.updated',
      'zoos.deleted',
      'animals.created',
      'animals.updated',
      'animals.deleted',
    ]);
    expect(withWebhooks.tags.map((tag: Json) => tag.name)).toContain('webhooks');
    const without = openApiDocument(version, { tokenUrl: 'https://auth.example/token' }) as Json;
    expect(without.webhooks).toBeUndefined();
    expect(without.tags.map((tag: Json) => tag.name)).not.toContain('webhooks');
  });

  it('describes a POST with the three signature headers and a body wrapping the feed event', () => {
    const { post } = withWebhooks.webhooks['animals.created'];
    expect(post.operationId).toBe('animalsCreatedWebhook');
    expect(post.security).toEqual([]);
    expect(post.parameters.map((p: Json) => [p.name, p.in, p.required])).toEqual([
      ['webhook-id', 'header', true],
      ['webhook-timestamp', 'header', true],
      ['webhook-signature', 'header', true],
    ]);
    const schema = post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['type', 'timestamp', 'data']);
    expect(schema.properties.type.enum).toEqual(['animals.created']);
    expect(schema.properties.timestamp.format).toBe('date-time');
    expect(schema.properties.data.$ref).toBe('#/components/schemas/AnimalsChange');
    expect(withWebhooks.components.schemas.AnimalsChange).toBeDefined();
    const signature = post.parameters[2].schema.pattern;
    expect(new RegExp(signature).test('v1,abc= v1,def+/')).toBe(true);
    expect(new RegExp(signature).test('v1,abc,')).toBe(false);
  });

  it("states the receiver's answers: 2xx done, 410 unsubscribes, 429/502/504 slow down with Retry-After, others retried", () => {
    const { responses } = withWebhooks.webhooks['zoos.deleted'].post;
    expect(Object.keys(responses).sort()).toEqual(['2XX', '410', '429', '502', '504', 'default']);
    for (const status of ['429', '502', '504']) expect(responses[status].description).toMatch(/after .*Retry-After/);
    expect(responses['410'].description).toMatch(/disabled/);
    expect(responses.default.description).toMatch(/retried/);
  });

  it("passes Spectral's spectral:oas ruleset with no error or warning", async () => {
    const { exitCode, findings } = await spectralLint(JSON.stringify(withWebhooks), '.spectral.yaml');
    expect(findings.map((p) => `${p.code} at ${p.path.join('.')}: ${p.message}`)).toEqual([]);
    expect(exitCode).toBe(0);
  }, 60_000);

  it('leaves the OWASP ruleset nothing to find in the webhooks: every string, integer and array bounded', async () => {
    const { findings } = await spectralLint(JSON.stringify(withWebhooks), '.spectral-owasp.yaml');
    expect(findings.length).toBeGreaterThan(0); // the small API itself documents no rate limits: the rules ran
    const inWebhooks = findings.filter((f) => f.path[0] === 'webhooks');
    expect(inWebhooks.map((f) => `${f.code} at ${f.path.join('.')}`)).toEqual([]);
  }, 60_000);
});
