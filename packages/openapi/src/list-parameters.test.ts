import { defineCollection } from '@corral/core';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument } from './index.js';
import { refuseAll, versionOf } from './testing/version-of.js';

type Json = Record<string, any>;

const keepers = defineCollection({
  name: 'keepers',
  schema: z.object({ grade: z.enum(['a', 'b']) }),
  filters: { grade: { field: 'grade', operators: ['eq', 'in'] } },
});

it('says that an in list may come separated by commas or as the parameter repeated', () => {
  const version = versionOf({ title: 'Zoo', collections: [keepers], auth: refuseAll });
  const document = openApiDocument(version, { tokenUrl: 'https://auth.example/token' }) as Json;
  const list = (document.paths['/v1/keepers'].get.parameters as Json[]).find((p) => p.name === 'grade[in]');
  expect(list).toMatchObject({ style: 'form', schema: { type: 'array' } });
  expect(list?.description).toBe(
    'Only records whose grade is one of these values, separated by commas or given in repeats of the parameter (all of them count).',
  );
});
