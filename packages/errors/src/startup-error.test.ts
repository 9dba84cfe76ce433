import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CorralError, isCorralError, startupErrorCodes, type StartupErrorCode } from './index.js';

/**
 * Every startup code ever published. Scripts may branch on these strings, so the list only grows:
 * append new codes, never edit or remove a line, and never give an old code a new meaning.
 */
const everUsed: readonly string[] = Object.freeze([
  'CORRAL_INVALID_NAME',
  'CORRAL_DUPLICATE_NAME',
  'CORRAL_RESERVED_NAME',
  'CORRAL_UNKNOWN_FIELD',
  'CORRAL_RESERVED_PARAMETER',
  'CORRAL_RESERVED_FIELD',
  'CORRAL_PARENT_KEY_NOT_IN_SCHEMA',
  'CORRAL_PARENT_NOT_IN_VERSION',
  'CORRAL_INVALID_COUNT_POLICY',
  'CORRAL_NOT_SEARCHABLE',
  'CORRAL_CONFLICTING_VERSION_OPTIONS',
  'CORRAL_INVALID_BULK_LIMIT',
  'CORRAL_INVALID_PAGING',
  'CORRAL_DUPLICATE_ROUTE',
  'CORRAL_DANGLING_PARENT_KEY',
  'CORRAL_INVALID_BASE_PATH',
  'CORRAL_NO_VERSION',
  'CORRAL_INVALID_VERSION',
  'CORRAL_DUPLICATE_VERSION',
  'CORRAL_VERSION_NOT_SERVED',
  'CORRAL_ERROR_CODE_OUT_OF_RANGE',
  'CORRAL_ERROR_CODE_INVALID_STATUS',
  'CORRAL_ERROR_CODE_NAME_CLASH',
  'CORRAL_DUPLICATE_ERROR_CODE',
  'CORRAL_ERROR_CODE_INCOMPLETE',
  'CORRAL_OAUTH_OPTION_MISSING',
  'CORRAL_OAUTH_ALGORITHM_REFUSED',
  'CORRAL_OAUTH_INVALID_ISSUER',
  'CORRAL_OPENAPI_TOKEN_URL_MISSING',
  'CORRAL_INVALID_TABLE_NAME',
  'CORRAL_INVALID_FIELD_NAME',
  'CORRAL_TABLE_LAYOUT_MISMATCH',
  'CORRAL_STORE_NOT_INITIALIZED',
  'CORRAL_FOREIGN_TRANSACTION',
  'CORRAL_NODE_ONLY',
  'CORRAL_INVALID_OPERATION',
  'CORRAL_INVALID_HEALTH_OPTION',
  'CORRAL_INVALID_CORS_OPTION',
  'CORRAL_INVALID_RATE_LIMIT',
  'CORRAL_INVALID_IDEMPOTENCY_OPTION',
  'CORRAL_OAUTH_KEYS_CONFLICT',
  'CORRAL_TABLE_MISMATCH',
  'CORRAL_SCHEMA_CHANGE_REFUSED',
  'CORRAL_INVALID_FILTER_OPERATOR',
  'CORRAL_STORE_LACKS_FEATURE',
  'CORRAL_INVALID_RELATION',
  'CORRAL_RELATION_NOT_IN_VERSION',
  'CORRAL_INVALID_EXPAND_OPTION',
  'CORRAL_INVALID_SIGNING_KEY',
  'CORRAL_INVALID_TLS_OPTION',
]);

const codes = Object.keys(startupErrorCodes) as StartupErrorCode[];
const repository = new URL('../../../', import.meta.url).pathname;

/** Source files (not tests) of every package, where CorralErrors are thrown. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('CorralError', () => {
  it('carries a stable code beside the message', () => {
    const cause = new Error('inner');
    const error = new CorralError('CORRAL_DUPLICATE_NAME', '"zoos" is used twice in version 1', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('CorralError');
    expect(error.code).toBe('CORRAL_DUPLICATE_NAME');
    expect(error.cause).toBe(cause);
    expect(isCorralError(error)).toBe(true);
    expect(isCorralError(new Error('x'))).toBe(false);
  });

  it('is recognised when made by another copy of the package', async () => {
    vi.resetModules();
    const other = await import('./startup-error.js');
    expect(other.CorralError).not.toBe(CorralError);
    expect(isCorralError(new other.CorralError('CORRAL_NO_VERSION', 'x'))).toBe(true);
  });
});

describe('startup error codes', () => {
  it('only adds to the published list', () => {
    expect(Object.isFrozen(everUsed)).toBe(true);
    expect(new Set(everUsed).size).toBe(everUsed.length);
    for (const code of codes) expect(everUsed, `${code} must be appended to everUsed`).toContain(code);
  });

  it('gives each code one meaning and the CORRAL_ prefix', () => {
    const meanings = codes.map((code) => startupErrorCodes[code]);
    expect(new Set(meanings).size).toBe(meanings.length);
    for (const code of codes) expect(code).toMatch(/^CORRAL_[A-Z][A-Z_]+$/);
  });

  it('uses every code in the packages, and only codes of the list', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(join(repository, 'packages'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/new CorralError\(\s*'([A-Z_]+)'/g))
        used.add(match[1] ?? '');
    }
    expect([...used].filter((code) => !(code in startupErrorCodes))).toEqual([]);
    expect(codes.filter((code) => !used.has(code))).toEqual([]);
  });

  it('documents every code in docs/errors.md under "Startup errors", once', () => {
    const markdown = readFileSync(join(repository, 'docs/errors.md'), 'utf8');
    const section = markdown.split(/^## /m).find((part) => part.startsWith('Startup errors')) ?? '';
    const rows = section
      .split('\n')
      .filter((line) => /^\|\s*`CORRAL_/.test(line))
      .map((line) => line.split('|')[1]?.trim().replaceAll('`', ''));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows).size).toBe(rows.length);
    expect([...rows].sort()).toEqual([...codes].sort());
  });

  it('starts each row of docs/errors.md with the meaning the code carries in the source', () => {
    const markdown = readFileSync(join(repository, 'docs/errors.md'), 'utf8');
    const plain = (text: string) => text.replaceAll('`', '').trim();
    for (const line of markdown.split('\n')) {
      const [, code, text] = /^\|\s*`(CORRAL_[A-Z_]+)`\s*\|(.*)\|\s*$/.exec(line) ?? [];
      if (code === undefined) continue;
      const meaning = plain(startupErrorCodes[code as StartupErrorCode]);
      expect(plain(text ?? '').slice(0, meaning.length), code).toBe(meaning);
    }
  });
});
