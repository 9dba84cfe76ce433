import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePasswordHash, passwordMatches } from './password-hash.js';

const script = fileURLToPath(new URL('./hash-password-cli.ts', import.meta.url));

/** Runs the command as the package's bin would be run, with `input` on standard input. */
function run(input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@corral/source', '--import', 'tsx', script], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('corral-hash-password', () => {
  it('prints a salted scrypt hash of the password read from standard input', async () => {
    const first = await run('correct horse\n');
    expect(first.code).toBe(0);
    const hash = parsePasswordHash(first.stdout.trim());
    expect(hash).toBeDefined();
    expect(await passwordMatches('correct horse', hash!)).toBe(true);
    expect(await passwordMatches('correct horse\n', hash!)).toBe(false);
    // A fresh salt each time: the same password never gives the same hash.
    const second = await run('correct horse');
    expect(second.stdout.trim()).not.toBe(first.stdout.trim());
    expect(await passwordMatches('correct horse', parsePasswordHash(second.stdout.trim())!)).toBe(true);
  });

  it('refuses an empty password', async () => {
    const { code, stdout, stderr } = await run('');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/no password given/);
  });
});

describe('password hashes', () => {
  it('refuses hashes it did not make, and costs past its limits', () => {
    expect(parsePasswordHash('plain-text')).toBeUndefined();
    expect(
      parsePasswordHash('scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    ).toBeUndefined();
    expect(
      parsePasswordHash('scrypt$2097152$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    ).toBeUndefined();
    expect(
      parsePasswordHash('scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    ).toBeDefined();
  });
});
