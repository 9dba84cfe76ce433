import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { errorCodes, findErrorCode, type ErrorCodeName } from './index.js';

/**
 * Every code number ever published, with the name it was published under. Clients branch on these
 * numbers, so this list only grows: append new codes here, never edit or remove a line.
 */
const everUsed: readonly (readonly [number, string])[] = Object.freeze([
  [1000, 'internalError'],
  [1001, 'invalidQueryParameter'],
  [1002, 'unknownQueryParameter'],
  [1003, 'duplicateQueryParameter'],
  [1004, 'conflictingPagingParameters'],
  [1005, 'malformedJson'],
  [1006, 'invalidBody'],
  [1007, 'validationFailed'],
  [1008, 'resourceNotFound'],
  [1009, 'resourceGone'],
  [1010, 'methodNotAllowed'],
  [1011, 'notAcceptable'],
  [1012, 'unsupportedMediaType'],
  [1013, 'payloadTooLarge'],
  [1014, 'preconditionFailed'],
  [1015, 'preconditionRequired'],
  [1016, 'authenticationRequired'],
  [1017, 'accessDenied'],
  [1018, 'unknownVersion'],
  [1019, 'routeNotFound'],
  [1020, 'invalidAuthorizationRequest'],
  [1021, 'resourceInUse'],
  [1022, 'malformedRequest'],
  [1023, 'headersTooLarge'],
  [1024, 'requestTimeout'],
  [1025, 'tooManyRequests'],
  [1026, 'idempotencyKeyReused'],
  [1027, 'idempotencyRequestInFlight'],
  [1028, 'invalidIdempotencyKey'],
  [1029, 'valueTaken'],
  [1030, 'filterOperatorNotAllowed'],
  [1031, 'invalidCursor'],
  [1032, 'invalidExpansion'],
  [1033, 'serviceUnavailable'],
  [1034, 'writeOutcomeUnknown'],
] as const);

const entries = (Object.keys(errorCodes) as ErrorCodeName[]).map((name) => ({ name, ...errorCodes[name] }));
const publishedName = new Map(everUsed.map(([code, name]) => [code, name]));

describe('error-code catalogue', () => {
  it('gives every code its own number', () => {
    const numbers = entries.map((entry) => entry.code);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const code of numbers) expect(Number.isInteger(code) && code > 0).toBe(true);
  });

  it('pairs every code with a real 4xx or 5xx status', () => {
    for (const { name, status } of entries) {
      expect(STATUS_CODES[status], `${name}: ${status}`).toBeDefined();
      expect(Math.floor(status / 100), `${name}: ${status}`).toBeOneOf([4, 5]);
    }
    // Only the server's own state is a 5xx (a fault, or work it cannot take now): every refusal caused by the request is a client error.
    expect(entries.filter((entry) => entry.status >= 500).map((entry) => entry.name)).toEqual([
      'internalError',
      'serviceUnavailable',
      'writeOutcomeUnknown',
    ]);
  });

  it('has a title and a description for every code', () => {
    for (const { title, description } of entries) {
      expect(title.trim()).not.toBe('');
      expect(description.trim()).not.toBe('');
    }
  });

  it('never gives a published number to another code', () => {
    for (const { name, code } of entries) {
      const published = publishedName.get(code);
      if (published !== undefined) expect(`${code} ${name}`).toBe(`${code} ${published}`);
    }
  });

  it('never moves a published code to another number', () => {
    for (const [code, name] of everUsed) {
      const entry = entries.find((candidate) => candidate.name === name);
      if (entry !== undefined) expect(`${name} ${entry.code}`).toBe(`${name} ${code}`);
    }
  });

  it('keeps the published list itself consistent', () => {
    expect(Object.isFrozen(everUsed)).toBe(true);
    expect(new Set(everUsed.map(([code]) => code)).size).toBe(everUsed.length);
    expect(new Set(everUsed.map(([, name]) => name)).size).toBe(everUsed.length);
  });

  it('finds every entry by its number', () => {
    for (const { name, ...entry } of entries) expect(findErrorCode(entry.code), name).toEqual(entry);
    expect(findErrorCode(999)).toBeUndefined();
  });
});

describe('docs/errors.md', () => {
  const markdown = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
  // Markdown the page adds to the plain text of the source: code spans and links.
  const plain = (cell: string) =>
    cell
      .trim()
      .replaceAll('`', '')
      .replaceAll(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  // Table rows whose first cell is a code number: | code | name | status | title | meaning |
  const rows = markdown
    .split('\n')
    .filter((line) => /^\|\s*\d+\s*\|/.test(line))
    .map((line) => line.split('|').slice(1, -1).map(plain));

  it('documents every code in one table row with its name, status, title and meaning', () => {
    for (const { name, code, status, title, description } of entries) {
      const matching = rows.filter((cells) => cells[0] === String(code));
      expect(matching, `row for ${code}`).toHaveLength(1);
      const [cells] = matching;
      expect(cells?.[1]).toBe(name);
      expect(cells?.[2]?.split(' ')[0]).toBe(String(status));
      expect(cells?.[3]).toBe(title);
      // The row says what the code's page says, and may add a pointer for readers of the guide.
      expect(cells?.[4]?.slice(0, description.length), `meaning of ${code}`).toBe(description);
    }
  });

  it('documents only codes that were published', () => {
    for (const cells of rows) expect(publishedName.has(Number(cells[0])), `row ${cells[0]}`).toBe(true);
  });
});
