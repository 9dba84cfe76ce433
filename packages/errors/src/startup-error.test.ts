import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CorralError, findStartupCode, isCorralError, startupErrorCodes } from './index.js';

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
  'CORRAL_DUPLICATE_STARTUP_CODE',
  'CORRAL_INVALID_STARTUP_CODE',
  'CORRAL_INVALID_TLS_OPTION',
  'CORRAL_INVALID_UNIQUE_KEY',
  'CORRAL_INVALID_CACHE_BOUNDS',
  'CORRAL_INVALID_CHANGE_RETENTION',
  'CORRAL_DATABASE_FILE_UNOPENABLE',
  'CORRAL_INVALID_SERVER_SETTING',
  'CORRAL_INVALID_FEED_OPTION',
  'CORRAL_INVALID_WEBHOOK_ALLOW',
  'CORRAL_INVALID_WEBHOOK_OPTION',
  'CORRAL_INVALID_USER',
  'CORRAL_INVALID_PUBLIC_CLIENT',
  'CORRAL_OPENAPI_SCHEMA_NAME_TAKEN',
]);

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

const repository = new URL('../../../', import.meta.url).pathname;
const packagesDir = join(repository, 'packages');

/** Each workspace package: its folder, its name and the Corral packages it depends on. */
const workspace = readdirSync(packagesDir).map((dir) => {
  const manifest = JSON.parse(readFileSync(join(packagesDir, dir, 'package.json'), 'utf8'));
  const needs = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
  return { dir, name: manifest.name as string, needs: needs.filter((name) => name.startsWith('@corral/')) };
});

/** The package and every Corral package it depends on, directly or not. */
function reachableFrom(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const next of workspace.find((pkg) => pkg.name === name)?.needs ?? []) reachableFrom(next, seen);
  return seen;
}

/** Source files (not tests) under a folder, where CorralErrors are thrown. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The codes each package's sources throw, by package name. */
const thrownBy = new Map(
  workspace.map(({ dir, name }) => {
    const sources = sourceFiles(join(packagesDir, dir, 'src')).map((file) => readFileSync(file, 'utf8'));
    const thrown = sources.flatMap((text) =>
      [...text.matchAll(/new CorralError\(\s*'([A-Z_]+)'/g)].map((m) => m[1] ?? ''),
    );
    return [name, new Set(thrown)];
  }),
);

let codes: string[] = [];
// Each package declares its codes when imported: load them all to see every code.
beforeAll(async () => {
  for (const { name } of workspace) await import(name);
  codes = Object.keys(startupErrorCodes);
});

describe('startup error codes', () => {
  it('only adds to the published list', () => {
    expect(Object.isFrozen(everUsed)).toBe(true);
    expect(new Set(everUsed).size).toBe(everUsed.length);
    for (const code of codes) expect(everUsed, `${code} must be appended to everUsed`).toContain(code);
  });

  it('gives each code one meaning and the CORRAL_ prefix', () => {
    const meanings = codes.map((code) => findStartupCode(code)?.meaning);
    expect(new Set(meanings).size).toBe(meanings.length);
    for (const code of codes) expect(code).toMatch(/^CORRAL_[A-Z][A-Z_]+$/);
  });

  it('has each package throw only codes it or a package it depends on declares', () => {
    for (const [name, thrown] of thrownBy) {
      const visible = reachableFrom(name);
      const stray = [...thrown].filter((code) => !visible.has(findStartupCode(code)?.owner ?? 'nobody'));
      expect(stray, `${name} throws codes it cannot see declared`).toEqual([]);
    }
  });

  it('declares only codes that are thrown', () => {
    const thrown = new Set([...thrownBy.values()].flatMap((set) => [...set]));
    expect(codes.filter((code) => !thrown.has(code))).toEqual([]);
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

  it('starts each row of docs/errors.md with the meaning the code is declared with', () => {
    const markdown = readFileSync(join(repository, 'docs/errors.md'), 'utf8');
    const plain = (text: string) => text.replaceAll('`', '').trim();
    for (const line of markdown.split('\n')) {
      const [, code, text] = /^\|\s*`(CORRAL_[A-Z_]+)`\s*\|(.*)\|\s*$/.exec(line) ?? [];
      if (code === undefined) continue;
      const meaning = plain(findStartupCode(code)?.meaning ?? `(${code} is not declared)`);
      expect(plain(text ?? '').slice(0, meaning.length), code).toBe(meaning);
    }
  });
});
