import { defineCollection } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument } from './index.js';
import { refuseAll, versionOf } from './testing/version-of.js';

const books = defineCollection({
  name: 'books',
  schema: z.object({ isbn: z.string(), shelf: z.string(), position: z.int() }),
  unique: ['isbn', ['shelf', 'position']],
});
const notes = defineCollection({ name: 'notes', schema: z.object({ text: z.string() }) });

const document = openApiDocument(versionOf({ title: 'Shop', collections: [books, notes], auth: refuseAll }), {
  tokenUrl: 'https://auth.example/token',
}) as any;

describe('unique keys in the document', () => {
  it('states them on the record schema, in words and as x-corral-unique', () => {
    const schema = document.components.schemas.Books;
    expect(schema['x-corral-unique']).toEqual([['isbn'], ['shelf', 'position']]);
    expect(schema.description).toMatch(/no two records share isbn, nor shelf and position together; .*409/);
    expect(document.components.schemas.Notes).not.toHaveProperty('x-corral-unique');
    expect(document.components.schemas.Notes.description).not.toMatch(/Unique/);
  });

  it('declares 409 on the writes a taken value refuses, and only where keys are declared', () => {
    expect(Object.keys(document.paths['/v1/books'].post.responses)).toContain('409');
    expect(Object.keys(document.paths['/v1/books/{id}'].patch.responses)).toContain('409');
    expect(Object.keys(document.paths['/v1/books/{id}'].put.responses)).toContain('409');
    expect(Object.keys(document.paths['/v1/notes'].post.responses)).not.toContain('409');
  });
});
