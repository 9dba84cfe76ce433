// The package's declarations (dist/*.d.ts) name `pg`'s types: `database.pool` is a `pg.Pool`,
// `query` gives a `pg.QueryResult`. pg ships no types of its own, so a project that installs
// @corral/postgres must get @types/pg with it; as a dev dependency only it stayed in this
// repository, and outside it those types failed to resolve (or turned into `any`).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const installed = { ...manifest.dependencies, ...manifest.peerDependencies };

/** The packages (outside Corral and Node) that the published source files import. */
function importedPackages(): Set<string> {
  const sources = readdirSync(join(packageDir, 'src'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const names = new Set<string>();
  for (const file of sources) {
    const text = readFileSync(join(packageDir, 'src', file), 'utf8');
    for (const [, specifier = ''] of text.matchAll(/from '([^'.][^']*)'/g)) {
      if (specifier.startsWith('node:') || specifier.startsWith('@corral/')) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier));
    }
  }
  return names;
}

/** Whether the package at `name` brings its own declarations. */
function shipsTypes(name: string): boolean {
  const own = JSON.parse(readFileSync(createRequire(join(packageDir, 'x.js')).resolve(`${name}/package.json`), 'utf8'));
  return Boolean(own.types ?? own.typings ?? JSON.stringify(own.exports ?? {}).includes('"types"'));
}

describe("@corral/postgres's published types", () => {
  it('come with every package they import: declared, and typed by the package itself or an installed @types', () => {
    const missing = [...importedPackages()].flatMap((name) => {
      if (!installed[name]) return [`${name} is not a dependency`];
      if (shipsTypes(name) || installed[`@types/${name}`]) return [];
      return [`${name} ships no types and @types/${name} is not a dependency`];
    });
    expect(missing).toEqual([]);
    expect(importedPackages()).toContain('pg');
  });
});
