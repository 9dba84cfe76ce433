import { ApiError } from '@corral/errors';
import { describe, expect, it } from 'vitest';
import { payloadTooLarge } from './body-limit.js';
import type { CorralRequest } from './exchange.js';
import { expectObject, maxJsonDepth, readJsonBody } from './json-body.js';
import { asyncRefusal } from '../testing/refusal.js';

interface FakeRequest extends CorralRequest {
  /** The limits `readBody` was called with. */
  readonly reads: number[];
}

/** A request with this body; `contentType: null` sends no Content-Type header. */
function fakeRequest(body: string | Uint8Array, contentType: string | null = 'application/json'): FakeRequest {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const headers = new Map<string, string>(contentType === null ? [] : [['content-type', contentType]]);
  const reads: number[] = [];
  return {
    method: 'POST',
    path: '/v1/zoos',
    rawQuery: '',
    query: new URLSearchParams(),
    header: (name) => headers.get(name),
    readBody: async (limit) => {
      reads.push(limit);
      if (bytes.byteLength > limit) throw payloadTooLarge(limit);
      return bytes;
    },
    hasBody: bytes.byteLength > 0,
    reads,
  };
}

function refusal(body: string | Uint8Array, contentType: string | null = 'application/json'): Promise<ApiError> {
  return asyncRefusal(readJsonBody(fakeRequest(body, contentType), 1_000_000));
}

const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

describe('readJsonBody: content type', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/json; charset="utf-8"',
    'Application/JSON',
    'APPLICATION/JSON; CHARSET=UTF-8',
    'application/merge-patch+json',
    'Application/Merge-Patch+JSON; charset=utf-8',
    '  application/json  ',
    'application/json;',
    'application/json; ; charset=utf-8',
    'application/json; profile="https://example.com/a;b"; charset=utf-8',
  ])('accepts %j', async (contentType) => {
    await expect(readJsonBody(fakeRequest('{"name":"Zoo"}', contentType), 100)).resolves.toStrictEqual({ name: 'Zoo' });
  });

  it.each([
    [null],
    [''],
    ['text/plain'],
    ['text/json'],
    ['application/jsonp'],
    ['application/json-seq'],
    ['application/x-www-form-urlencoded'],
    ['multipart/form-data; boundary=x'],
  ])('refuses %j with 415 before reading the body', async (contentType) => {
    const request = fakeRequest('{"name":"Zoo"}', contentType);
    const error = await readJsonBody(request, 100).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, errorCode: 1012, codeName: 'unsupportedMediaType' });
    expect((error as ApiError).message).toContain('application/json');
    expect(request.reads).toStrictEqual([]);
  });

  it.each(['latin1', 'iso-8859-1', 'utf-16', 'us-ascii'])(
    'refuses charset=%s with 415, naming the charset',
    async (charset) => {
      const error = await refusal('{}', `application/json; charset=${charset}`);
      expect(error.status).toBe(415);
      expect(error.message).toBe(`Only the utf-8 charset is accepted for JSON bodies; got "${charset}"`);
    },
  );

  it('accepts utf8, the common alias of utf-8', async () => {
    await expect(readJsonBody(fakeRequest('{"a":1}', 'application/json; charset=utf8'), 100)).resolves.toEqual({
      a: 1,
    });
  });

  it.each([
    'application/json; ===; charset=utf-8',
    'application/json; charset',
    'application/json; charset=',
    'application/json; charset=utf-8 x',
    'application/json; charset = utf-8',
    'application/json; a="unclosed',
    'application/json; a=b c=d',
  ])('refuses parameters that do not parse, %j, with 415 before reading the body', async (contentType) => {
    const request = fakeRequest('{}', contentType);
    const error = await readJsonBody(request, 100).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ status: 415, errorCode: 1012 });
    expect((error as ApiError).message).toContain('Content-Type');
    expect(request.reads).toStrictEqual([]);
  });

  it('reads a quoted charset with escapes, and not one inside another quoted value', async () => {
    expect((await refusal('{}', 'application/json; charset="lat\\in1"')).message).toContain('"latin1"');
    await expect(
      readJsonBody(fakeRequest('{"a":1}', 'application/json; note="charset=latin1"; charset=utf-8'), 100),
    ).resolves.toEqual({ a: 1 });
  });

  it('finds the charset after other parameters', async () => {
    expect((await refusal('{}', 'application/json; version=2; charset=latin1')).status).toBe(415);
  });
});

describe('readJsonBody: bytes and syntax', () => {
  it('reads the body with the given limit and parses it', async () => {
    const request = fakeRequest('[1, "two", {"three": null}]');
    await expect(readJsonBody(request, 4096)).resolves.toStrictEqual([1, 'two', { three: null }]);
    expect(request.reads).toStrictEqual([4096]);
  });

  it('decodes multi-byte UTF-8', async () => {
    await expect(readJsonBody(fakeRequest('{"city":"Zürich 🦁"}'), 100)).resolves.toStrictEqual({ city: 'Zürich 🦁' });
  });

  it('passes on the 413 of an over-long body', async () => {
    await expect(readJsonBody(fakeRequest('{"name":"a long name"}'), 5)).rejects.toMatchObject({
      status: 413,
      errorCode: 1013,
    });
  });

  it('refuses an empty body with malformedJson', async () => {
    const error = await refusal('');
    expect(error).toMatchObject({ status: 400, errorCode: 1005, codeName: 'malformedJson' });
    expect(error.message).toBe('The request body is empty; send a JSON document');
  });

  it.each([
    ['a lone 0xff byte', [0x7b, 0xff, 0x7d]],
    ['an overlong encoding of "/"', [0x22, 0xc0, 0xaf, 0x22]],
    ['an encoded surrogate', [0x22, 0xed, 0xa0, 0x80, 0x22]],
    ['a truncated sequence', [0x22, 0xe2, 0x82, 0x22]],
    ['latin1 text', [0x22, 0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x22]],
  ])('refuses invalid UTF-8 (%s) with malformedJson', async (_, bytes) => {
    const error = await refusal(new Uint8Array(bytes));
    expect(error).toMatchObject({ status: 400, errorCode: 1005 });
    expect(error.message).toBe('The request body is not valid UTF-8');
  });

  it.each([
    '{',
    '{"name": "Zoo",}',
    "{'name': 'Zoo'}",
    'undefined',
    'NaN',
    '   ',
    '{"a":1} {"b":2}',
    nestedArrays(100_000).slice(1),
  ])('refuses invalid JSON %#', async (text) => {
    const error = await refusal(text);
    expect(error).toMatchObject({ status: 400, errorCode: 1005, codeName: 'malformedJson' });
    expect(error.message).toMatch(/^The request body is not valid JSON: /);
    expect(error.message.length).toBeLessThan(300);
  });

  it('accepts any JSON value at the top level (expectObject narrows it later)', async () => {
    await expect(readJsonBody(fakeRequest('"text"'), 100)).resolves.toBe('text');
    await expect(readJsonBody(fakeRequest('null'), 100)).resolves.toBeNull();
    await expect(readJsonBody(fakeRequest(' 42 '), 100)).resolves.toBe(42);
  });
});

describe('readJsonBody: structure', () => {
  it(`accepts nesting up to ${maxJsonDepth} levels`, async () => {
    expect(maxJsonDepth).toBe(64);
    await expect(readJsonBody(fakeRequest(nestedArrays(64)), 1_000)).resolves.toBeInstanceOf(Array);
    await expect(readJsonBody(fakeRequest(nestedObjects(64)), 1_000)).resolves.toBeInstanceOf(Object);
  });

  it.each([
    ['arrays', nestedArrays(65)],
    ['objects', nestedObjects(65)],
    ['objects and arrays', `${'[{"a":'.repeat(33)}1${'}]'.repeat(33)}`],
  ])('refuses %s nested 65 levels deep with invalidBody', async (_, text) => {
    const error = await refusal(text);
    expect(error).toMatchObject({ status: 400, errorCode: 1006, codeName: 'invalidBody' });
    expect(error.message).toBe('The body nests deeper than 64 levels');
  });

  it('counts only containers: a scalar inside 64 levels is fine', async () => {
    await expect(readJsonBody(fakeRequest(`${'['.repeat(64)}"deep"${']'.repeat(64)}`), 1_000)).resolves.toBeInstanceOf(
      Array,
    );
  });

  it('answers a 100000-deep array with a 400, not a crash', async () => {
    const error = await refusal(nestedArrays(100_000));
    expect(error).toMatchObject({ status: 400, codeName: 'invalidBody' });
  });

  it('answers a 100000-deep object with a 400, not a crash', async () => {
    expect((await refusal(nestedObjects(100_000))).status).toBe(400);
  });

  it.each([
    ['at the top', '{"__proto__": {"admin": true}}'],
    ['nested', '{"name": "Zoo", "address": {"__proto__": {"admin": true}}}'],
    ['inside an array', '{"links": [{"rel": "self"}, {"__proto__": null}]}'],
    ['with a scalar value', '{"__proto__": 1}'],
  ])('refuses a "__proto__" key %s', async (_, text) => {
    const error = await refusal(text);
    expect(error).toMatchObject({ status: 400, errorCode: 1006 });
    expect(error.message).toBe('The body uses the reserved key "__proto__"');
  });

  it.each([
    ['at the top', '{"constructor": {"prototype": {"admin": true}}}'],
    ['nested in an array', '[{"a": {"constructor": {"prototype": null}}}]'],
  ])('refuses "constructor" holding a "prototype" %s', async (_, text) => {
    const error = await refusal(text);
    expect(error).toMatchObject({ status: 400, errorCode: 1006 });
    expect(error.message).toBe('The body uses the reserved key "constructor"');
  });

  it('accepts harmless uses of those words', async () => {
    const text =
      '{"constructor": "Gustave Eiffel", "builder": {"constructor": {"name": "x"}}, "prototype": 1, "note": "__proto__"}';
    const value = (await readJsonBody(fakeRequest(text), 1_000)) as Record<string, unknown>;
    expect(Object.keys(value)).toStrictEqual(['constructor', 'builder', 'prototype', 'note']);
    expect(value.constructor).toBe('Gustave Eiffel');
    expect(value.builder).toEqual({ constructor: { name: 'x' } });
  });
});

describe('expectObject', () => {
  it('returns an object as it is', () => {
    const value = { name: 'Zoo' };
    expect(expectObject(value)).toBe(value);
    expect(expectObject({})).toStrictEqual({});
  });

  it.each([[null], [[]], [[{ name: 'Zoo' }]], ['{}'], [42], [true]])('refuses %j with invalidBody', (value) => {
    let error: unknown;
    try {
      expectObject(value);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, errorCode: 1006, message: 'The request body must be a JSON object' });
  });
});

describe('readJsonBody: patch formats', () => {
  it('takes merge patches and plain JSON for PATCH, and refuses JSON Patch everywhere (415)', async () => {
    await expect(
      readJsonBody(fakeRequest('{"a":1}', 'application/merge-patch+json'), 100, { patch: true }),
    ).resolves.toEqual({ a: 1 });
    await expect(readJsonBody(fakeRequest('{"a":1}', 'application/json'), 100, { patch: true })).resolves.toEqual({
      a: 1,
    });
    for (const [type, patch] of [
      ['application/json-patch+json', true],
      ['application/json-patch+json', false],
      ['application/vnd.api+json', true],
    ] as const) {
      const error = await readJsonBody(fakeRequest('[]', type), 100, { patch }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, `${type} ${patch}`).toMatchObject({ status: 415 });
    }
  });
});
